import { localisedPath } from '#shared/i18n/language.ts';
import { m } from '#shared/i18n/paraglide/messages.js';
import { getLocale } from '#shared/i18n/paraglide/runtime.js';
import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { isLoggedIn, readSession } from '#shared/session.ts';
import { browserMileageUnit } from '../mileage/mileage.ts';
import ListingCarousels from './Carousel.tsx';
import ListingActions from './ListingActions.tsx';
import ListingView from './ListingView.tsx';
import PhotoGallery from './PhotoGallery.tsx';
import {
  coverFirst,
  messageLink,
  pageTitle,
  phones,
  type CarDetail,
  type ListingSource,
} from './listing.ts';

interface Props {
  id: number;
  source: ListingSource;
  phonePrefix: string;
  /**
   * For a live listing the server already showed 'Listing not spotted!' (an anonymous visitor
   * cannot see a suspended listing): the id of that block, hidden once the owner's copy loads.
   */
  replaces?: string;
}

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; car: CarDetail };

/** 'Listing not found' with the way home (also rendered by the pages, as static HTML). */
export function ListingMissing({ id }: { id?: string }) {
  return (
    <div className="empty listing-missing" id={id}>
      <h1>{m.listing_missing_title()}</h1>
      <p>{m.listing_missing_text()}</p>
      <a className="button" href={localisedPath('/', getLocale())}>
        {m.nav_home()}
      </a>
    </div>
  );
}

/**
 * The listing details with the stored session: a listing request (/car/pending/{id}, owner or
 * admin) or a suspended live listing its owner opens (/car/{id}).
 */
export default function ClientListing({ id, source, phonePrefix, replaces }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!isLoggedIn()) {
      setLoaded({ status: 'missing' });
      return;
    }
    let live = true;
    const param = { id: String(id) };
    const request = api.call((r) =>
      source === 'live' ? r.car[':id'].$get({ param }) : r.car.requests[':id'].$get({ param }),
    );
    void request.then((res) => {
      if (!live) return;
      if (res.code !== 0) {
        setLoaded({ status: 'missing' });
        return;
      }
      setLoaded({ status: 'ready', car: res.data });
      document.title = pageTitle(res.data);
      if (replaces) document.getElementById(replaces)?.setAttribute('hidden', '');
    });
    return () => {
      live = false;
    };
  }, [id, source, replaces]);

  if (loaded.status === 'loading') {
    return replaces ? null : (
      <div className="listing-loading" role="status">
        <div className="loader" />
        <p>{messages.listing.loading}</p>
      </div>
    );
  }
  if (loaded.status === 'missing') return replaces ? null : <ListingMissing />;

  const { car } = loaded;
  const viewer = readSession()?.userId === car.userId ? 'owner' : 'visitor';
  const unit = browserMileageUnit();
  return (
    <ListingView
      car={car}
      phonePrefix={phonePrefix}
      unit={unit}
      viewer={viewer}
      gallery={<PhotoGallery images={coverFirst(car.images)} alt={`${car.brand} ${car.model}`} />}
      actions={
        <ListingActions
          car={car}
          source={source}
          viewer={viewer}
          call={phones(car.user, phonePrefix)[0] ?? null}
          message={messageLink(car)}
        />
      }
      carousels={
        <ListingCarousels userCars={car.userCars} similarCars={car.similarCars} unit={unit} />
      }
    />
  );
}
