import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type TouchEvent,
} from 'react';
import { cardSize, type Photo } from './listing.ts';
import { useModal } from './useModal.ts';

/** The spec's swipe threshold. */
const SWIPE_PX = 50;
/** The details show the first five photos; the gallery shows all. */
const GRID_COUNT = 5;

interface Props {
  /** Cover first (see coverFirst). */
  images: Photo[];
  /** What the photos show, e.g. 'Toyota Vitz'. */
  alt: string;
}

/**
 * The photo grid (first five, the first one large and loaded first) and the 'See all photos'
 * gallery. Each photo links to its full size, so without JavaScript a click still shows it.
 */
export default function PhotoGallery({ images, alt }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return <div className="photo-grid photo-grid--empty" aria-hidden="true" />;

  const show = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(index);
  };
  const shown = images.slice(0, GRID_COUNT);

  return (
    <div className="photo-grid" data-count={shown.length}>
      {shown.map((photo, i) => {
        const size = i === 0 ? photo : cardSize(photo);
        return (
          <a
            key={photo.id}
            className="photo-grid__item"
            href={photo.name}
            onClick={show(i)}
            aria-label={`Open photo ${i + 1} of ${images.length}`}
          >
            <img
              src={i === 0 ? photo.name : photo.card}
              alt={i === 0 ? alt : ''}
              width={size.width}
              height={size.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </a>
        );
      })}
      <a className="button photo-grid__all" href={images[0]?.name} onClick={show(0)}>
        See all photos
      </a>
      {open !== null && (
        <Gallery images={images} alt={alt} start={open} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function Gallery({ images, alt, start, onClose }: Props & { start: number; onClose: () => void }) {
  const ref = useModal(onClose);
  const [index, setIndex] = useState(start);
  const touchX = useRef<number | null>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  useEffect(() => {
    thumbs.current
      ?.querySelector('[aria-current]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);
  const count = images.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const photo = images[index];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const end = event.changedTouches[0]?.clientX;
    if (touchX.current !== null && end !== undefined) {
      const dx = end - touchX.current;
      if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
    }
    touchX.current = null;
  };

  return (
    <dialog
      ref={ref}
      className="gallery"
      aria-label={`Photos of ${alt}`}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="gallery__bar">
        <p className="gallery__counter" aria-live="polite">
          {index + 1} / {count}
        </p>
        <button
          type="button"
          className="gallery__close"
          aria-label="Close gallery"
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      <div className="gallery__stage">
        <button
          type="button"
          className="gallery__arrow gallery__arrow--prev"
          aria-label="Previous photo"
          onClick={() => go(-1)}
        >
          ‹
        </button>
        {photo && (
          <img
            key={photo.id}
            className="gallery__photo"
            src={photo.name}
            alt={`${alt}, photo ${index + 1} of ${count}`}
            width={photo.width}
            height={photo.height}
          />
        )}
        <button
          type="button"
          className="gallery__arrow gallery__arrow--next"
          aria-label="Next photo"
          onClick={() => go(1)}
        >
          ›
        </button>
      </div>
      <ul className="gallery__thumbs" ref={thumbs}>
        {images.map((thumb, i) => {
          const size = cardSize(thumb);
          return (
            <li key={thumb.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img
                  src={thumb.card}
                  alt=""
                  width={size.width}
                  height={size.height}
                  loading="lazy"
                />
              </button>
            </li>
          );
        })}
      </ul>
    </dialog>
  );
}
