import type { MouseEvent, ReactNode } from 'react';

interface Props {
  image: string | null;
  imageAlt: string;
  /** The state or type label. */
  badge: ReactNode;
  make: string;
  title: string;
  /** Where the card leads; the title link stretches over the whole card. */
  href: string;
  /** Intercepts the card's click (a dialog instead of the page, say). */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  meta?: string;
  price: string;
  /** Buttons shown on desktop. */
  actions?: ReactNode;
  /** The three-dot menu shown on mobile. */
  menu?: ReactNode;
}

/** A card of the account lists (my listings, my subscriptions): a row on desktop, a tile on mobile. */
export default function AccountCard(props: Props) {
  const { image, imageAlt, badge, make, title, href, onOpen, meta, price, actions, menu } = props;
  return (
    <article className="account-card">
      {image ? (
        <img
          className="account-card__image"
          src={image}
          alt={imageAlt}
          width="480"
          height="360"
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="account-card__image" />
      )}
      <div className="account-card__body">
        <div className="account-card__top">
          {badge}
          {menu && <div className="account-card__menu">{menu}</div>}
        </div>
        <span className="card__make">{make}</span>
        <h2 className="account-card__title">
          <a className="account-card__link" href={href} onClick={onOpen}>
            {title}
          </a>
        </h2>
        {meta && <span className="card__meta">{meta}</span>}
      </div>
      <div className="account-card__side">
        <span className="card__price">{price}</span>
        {actions && <div className="account-card__actions">{actions}</div>}
      </div>
    </article>
  );
}
