import { Alert, Link } from '@mui/material';
import { useDataProvider, useGetOne, useParams } from 'react-admin';
import { messages } from '#shared/messages.ts';
import type { AdminDataProvider, EditRecord } from '../dataProvider.ts';
import { decisionKey } from '../common/pendingDecisions.ts';
import { texts } from '../texts.ts';
import { ApproveOrDeny } from './ApproveOrDeny.tsx';
import { changedFields } from './listingFields.ts';
import { ListingView } from './ListingView.tsx';
import { TrustPanel } from './TrustPanel.tsx';
import { ReviewFrame, reviewMeta } from './ReviewFrame.tsx';
import { useDecision } from './useDecision.ts';

/**
 * /admin/car/edit/{id}: an edit of a live listing, its changes highlighted against the live
 * listing; approve it, or deny it with the reason entered (sent as entered, see DESIGN.md).
 */
export function EditReview() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isPending, error } = useGetOne<EditRecord>('edited-listings', {
    id: Number(id),
    meta: reviewMeta,
  });
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { approveOrDeny, dialogs, busy } = useDecision();
  const changes = data ? changedFields(data, data.original) : new Set<never>();

  return (
    <ReviewFrame
      section={{ path: '/edited-listings', title: 'Edited listings' }}
      title="Edited listing"
      isPending={isPending}
      error={error}
      actions={
        data?.state === 'PENDING' && (
          <ApproveOrDeny
            busy={busy}
            denyTitle="Deny edit"
            {...approveOrDeny(
              decisionKey('edited-listings', id),
              { deny: texts.progress.denyingEdit },
              () => dataProvider.approveEdit(id),
              (reason) => dataProvider.denyEdit(id, reason),
              messages.moderation.approvedEdit,
            )}
          />
        )
      }
    >
      {data && (
        <>
          <Alert severity={changes.size ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {data.original ? (
              <>
                {changes.size === 0
                  ? 'This edit changes nothing visible. '
                  : `${changes.size} changed ${changes.size === 1 ? 'field is' : 'fields are'} highlighted against `}
                <Link href={`/car/${data.original.id}`} target="_blank" rel="noopener">
                  the live listing
                </Link>
                .
              </>
            ) : (
              'The live listing of this edit is no longer available.'
            )}
          </Alert>
          <TrustPanel id={data.id} texts={data} />
          <ListingView car={data} original={data.original} changes={changes} />
        </>
      )}
      {dialogs}
    </ReviewFrame>
  );
}
