import { localisedPath } from '#shared/i18n/language.ts';
import { m } from '#shared/i18n/paraglide/messages.js';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import { lazy, Suspense, useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { confirm, withProgress } from '../../lib/dialogs.ts';
import { showToast } from '../../lib/toast.ts';
import { canPromote, editHref, type CarDetail, type ListingSource } from './listing.ts';
import { Icon } from './Icon.tsx';

// Loaded on first use: most visitors never report and only owners promote.
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));
const PromotionDialog = lazy(() => import('../promotion/PromotionDialog.tsx'));

export type ActionsCar = Pick<
  CarDetail,
  'id' | 'userId' | 'state' | 'listingTypeId' | 'isFavorite'
>;

interface Props {
  car: ActionsCar;
  source: ListingSource;
  /** The seller's first phone as a tel: link, for 'Call seller'. */
  call: { href: string; label: string } | null;
  /** An e-mail to the seller about this listing, for the phone's contact bar. */
  message?: { href: string } | null;
  /**
   * Who looks, when known. Unknown on the server: both groups render and the page's owner check
   * (html[data-viewer]) shows one of them.
   */
  viewer?: 'owner' | 'visitor';
}

/**
 * Counts a share of the listing for its seller's insights. Calls and e-mails to the seller are
 * counted by the page's own script (site/scripts/contact-reveals.ts), from before hydration.
 */
const countShare = (id: number) =>
  void api.call((r) =>
    r.car[':id'].event.$post({ param: { id: String(id) }, json: { kind: 'share' } }),
  );

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the async clipboard (an insecure origin, an unfocused page): the old way.
    const area = Object.assign(document.createElement('textarea'), { value: text });
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/**
 * Favorite: a plain button that the page's heart script saves and unsaves, as it does the cards'
 * hearts (site/scripts/hearts.ts), before this island has come to life. Tapped before that script
 * runs, its form opens the favourites page, which saves the car. The pressed state shows one heart
 * or the other.
 */
function FavoriteButton({ car, className }: { car: ActionsCar; className: string }) {
  return (
    <form className="favorite-form" method="get" action={localisedPath('/favorites', getLocale())}>
      <input type="hidden" name="add" value={car.id} />
      <button
        type="submit"
        className={className}
        data-favorite={car.id}
        aria-pressed={car.isFavorite}
      >
        <Icon name="heart" className="favorite-on" />
        <Icon name="heart-outline" className="favorite-off" /> {m.action_favorite()}
      </button>
    </form>
  );
}

/**
 * The listing's buttons. The owner: Edit, Delete and (ACTIVE, above the top type) Promote.
 * Anyone else: Call seller, Favorite and Share (ACTIVE only) and Report.
 */
export default function ListingActions({ car, source, call, message = null, viewer }: Props) {
  const [dialog, setDialog] = useState<'report' | 'promote' | null>(null);
  const active = car.state === 'ACTIVE';

  useEffect(() => {
    // The page is the same for everyone (and cached): the view is counted from here.
    if (source !== 'live' || !active) return;
    const param = { id: String(car.id) };
    void api
      .call((r) => r.car[':id'].view.$post({ param }))
      .then((res) => {
        const shown = document.getElementById('listing-views');
        if (res.code === 0 && shown) shown.textContent = `${res.data.views} views`;
      });
  }, [active, car.id, source]);

  const remove = async () => {
    if (!(await confirm(messages.listing.confirmDelete))) return;
    const res = await withProgress(
      messages.listing.removing,
      () =>
        api.call((r) => {
          const param = { id: String(car.id) };
          return source === 'live'
            ? r.car.remove[':id'].$delete({ param })
            : r.car.request.remove[':id'].$delete({ param });
        }),
      messages.listing.removed,
    );
    if (res.code === 0) location.assign('/my-listings');
  };

  const share = async () => {
    countShare(car.id);
    await copy(location.href);
    showToast(messages.listing.copied);
  };

  const group = (who: 'owner' | 'visitor') =>
    `listing-actions__group listing-actions__group--${who}${viewer ? '' : ` for-${who}`}`;

  return (
    <div className="listing-actions">
      {viewer !== 'visitor' && (
        <div className={group('owner')}>
          <a className="button" href={editHref(car.id, source)}>
            {m.action_edit()}
          </a>
          <button type="button" className="button button--danger" onClick={() => void remove()}>
            {m.action_delete()}
          </button>
          {canPromote(car) && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setDialog('promote')}
            >
              {m.action_promote()}
            </button>
          )}
        </div>
      )}
      {viewer !== 'owner' && (
        <div className={group('visitor')}>
          {call && (
            <a className="button listing-actions__call" href={call.href}>
              <Icon name="phone" /> {m.action_call_seller()}
            </a>
          )}
          {active && source === 'live' && (
            <a
              className="button listing-actions__message"
              href={localisedPath(`/messages?car=${car.id}`, getLocale())}
              data-message-seller
            >
              <Icon name="chat" /> {m.action_message_seller()}
            </a>
          )}
          {active && (
            <FavoriteButton car={car} className="button button--ghost listing-actions__favorite" />
          )}
          {active && (
            <button type="button" className="button button--ghost" onClick={() => void share()}>
              <Icon name="share" /> {m.action_share()}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setDialog('report')}
          >
            <Icon name="flag" /> {m.action_report()}
          </button>
        </div>
      )}
      {viewer !== 'owner' && (call || message || active) && (
        <div
          className={`contact-bar${viewer ? '' : ' for-visitor'}`}
          role="group"
          aria-label={m.action_contact_seller()}
        >
          {call && (
            <a className="button" href={call.href}>
              <Icon name="phone" /> {m.action_call()}
            </a>
          )}
          {message && (
            <a className="button button--ghost" href={message.href}>
              <Icon name="mail" /> {m.action_message()}
            </a>
          )}
          {active && <FavoriteButton car={car} className="button button--ghost" />}
        </div>
      )}
      <Suspense fallback={null}>
        {dialog === 'report' && <ReportDialog carId={car.id} onClose={() => setDialog(null)} />}
        {dialog === 'promote' && (
          <PromotionDialog
            carId={car.id}
            listingTypeId={car.listingTypeId}
            onClose={() => setDialog(null)}
            onPromoted={() => location.reload()}
          />
        )}
      </Suspense>
    </div>
  );
}
