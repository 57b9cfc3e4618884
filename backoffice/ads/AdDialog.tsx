import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, useCreate, useDataProvider, useRefresh, useUpdate } from 'react-admin';
import { messages } from '#shared/messages.ts';
import { addAdSchema, updateAdSchema, type AdminAd } from '#shared/schemas/ad.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';
import type { AdminDataProvider } from '../dataProvider.ts';
import { AdInputs } from './AdInputs.tsx';

/** What the form edits; a new ad has no id yet. */
export type AdDraft = Pick<
  AdminAd,
  'title' | 'description' | 'url' | 'location' | 'client' | 'daysActive' | 'image'
> &
  Partial<AdminAd>;

export const newAd: AdDraft = {
  title: '',
  description: '',
  url: '',
  location: '',
  client: '',
  daysActive: 30,
  image: null,
};

/** The fields an ad is saved with: the city goes by name (the record's cityId would win). */
const payload = (values: Record<string, unknown>) => ({
  title: values.title,
  description: values.description,
  url: values.url,
  location: values.location,
  client: values.client,
  daysActive: values.daysActive,
  image: values.image,
});

/** The server's rules (shared/schemas/ad.ts), shown on the fields they concern. */
const validateWith =
  (schema: typeof addAdSchema | typeof updateAdSchema) => (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    for (const issue of schema.safeParse(values).error?.issues ?? []) {
      const [field] = issue.path;
      if (typeof field === 'string') errors[field] ??= issue.message;
    }
    return errors;
  };

/**
 * Create an ad, or edit one (row click): save it, and deactivate an active ad or activate a
 * deactivated (or expired) one.
 */
export function AdDialog({ record, onClose }: { record: AdDraft | null; onClose: () => void }) {
  const titleId = useId();
  const [create] = useCreate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const { perform, dialogs, busy } = useAdminAction();
  const id = record?.id;

  const save = (values: Record<string, unknown>) =>
    id === undefined
      ? perform({
          progress: messages.ads.creating,
          run: () => create('ads', { data: payload(values) }, { returnPromise: true }),
          success: messages.ads.created,
          then: onClose,
        })
      : perform({
          progress: messages.ads.updating,
          run: () =>
            update(
              'ads',
              { id, data: payload(values), previousData: record },
              { returnPromise: true },
            ),
          success: messages.ads.updated,
          then: onClose,
        });

  const toggle = (active: boolean) =>
    id !== undefined &&
    perform({
      progress: active ? messages.ads.deactivating : messages.ads.activating,
      run: () => (active ? dataProvider.deactivateAd(id) : dataProvider.activateAd(id)),
      success: active ? messages.ads.deactivated : messages.ads.activated,
      then: () => {
        refresh();
        onClose();
      },
    });

  return (
    <Dialog
      open={record !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {record && (
        <Form
          key={id ?? 'new'}
          record={record}
          onSubmit={(values: Record<string, unknown>) => void save(values)}
          validate={validateWith(id === undefined ? addAdSchema : updateAdSchema)}
        >
          <DialogTitle id={titleId}>{id === undefined ? 'Create ad' : 'Edit ad'}</DialogTitle>
          <DialogContent>
            <AdInputs />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {id !== undefined && (
              <Button
                color={record.isActive ? 'error' : 'success'}
                disabled={busy}
                onClick={() => void toggle(Boolean(record.isActive))}
              >
                {record.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {id === undefined ? 'Create' : 'Save'}
            </Button>
          </DialogActions>
        </Form>
      )}
      {dialogs}
    </Dialog>
  );
}
