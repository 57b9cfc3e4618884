import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type TouchEvent,
} from 'react';
import { cardSize, fullSrcset, gridSrcset, largestSize, type Photo } from './listing.ts';
import { useModal } from './useModal.ts';

/** The spec's swipe threshold. */
const SWIPE_PX = 50;
/** The details show the first five photos; the gallery shows all. */
const GRID_COUNT = 5;
/** listing.css: the first photo is half the container (2fr of 2fr 1fr 1fr), the others a quarter; phones show one at a time. */
const FIRST_SIZES =
  '(max-width: 1024px) calc(100vw - 2rem), (max-width: 1320px) calc(50vw - 1.25rem), 636px';
const REST_SIZES =
  '(max-width: 1024px) calc(100vw - 2rem), (max-width: 1320px) calc(25vw - 0.75rem), 318px';
/**
 * Phones show the grid as a strip, one photo at a time (listing.css): there the other photos wait
 * for the gallery to run (once it has hydrated) instead of sharing a
 * slow connection with the first one, the page's largest paint. Until then they show a blank pixel.
 */
const STRIP = '(max-width: 1024px)';
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
/** The gallery's bar and thumbnails take about 12rem of the screen's height. */
const fullSizes = (photo: Photo) =>
  `min(100vw, calc((100vh - 12rem) * ${(photo.width / photo.height).toFixed(3)}))`;

interface Props {
  /** Cover first (see coverFirst). */
  images: Photo[];
  /** What the photos show, e.g. 'Toyota Vitz'. */
  alt: string;
}

/**
 * The photo grid (first five, the first one large and loaded first; on phones a strip to swipe
 * through) and the 'See all photos' gallery. Each photo links to its largest version, so without
 * JavaScript a click still shows it.
 */
export default function PhotoGallery({ images, alt }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  if (!images.length) return <div className="photo-grid photo-grid--empty" aria-hidden="true" />;

  const show = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(index);
  };
  const shown = images.slice(0, GRID_COUNT);

  return (
    <div className="photo-grid" data-count={shown.length}>
      <div className="photo-grid__items">
        {shown.map((photo, i) => {
          const size = i === 0 ? photo : cardSize(photo);
          return (
            <a
              key={photo.id}
              className="photo-grid__item"
              href={photo.large?.url ?? photo.name}
              onClick={show(i)}
              aria-label={`Open photo ${i + 1} of ${images.length}`}
            >
              <picture>
                {i > 0 && !running && <source media={STRIP} srcSet={BLANK} />}
                <img
                  src={i === 0 ? photo.name : photo.card}
                  srcSet={gridSrcset(photo)}
                  sizes={i === 0 ? FIRST_SIZES : REST_SIZES}
                  alt={i === 0 ? alt : ''}
                  width={size.width}
                  height={size.height}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              </picture>
            </a>
          );
        })}
      </div>
      <a
        className="button photo-grid__all"
        href={images[0]?.large?.url ?? images[0]?.name}
        onClick={show(0)}
      >
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
  const [zoomed, setZoomed] = useState(false);
  const [canZoom, setCanZoom] = useState(false);
  const touchX = useRef<number | null>(null);
  const pendingCentre = useRef<{ x: number; y: number } | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const photoRef = useRef<HTMLImageElement>(null);
  const count = images.length;
  const photo = images[index];
  const largest = photo ? largestSize(photo) : { width: 0, height: 0 };

  useEffect(() => {
    thumbs.current
      ?.querySelector('[aria-current]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  // Zoom shows the photo at its own pixels: only worth offering when it shows smaller than that.
  useEffect(() => {
    const box = viewport.current;
    if (!box || zoomed) return;
    const measure = () =>
      setCanZoom(
        Math.min(box.clientWidth / largest.width, box.clientHeight / largest.height) < 0.95,
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [largest.width, largest.height, zoomed]);

  const go = (step: number) => {
    setZoomed(false);
    setIndex((i) => (i + step + count) % count);
  };

  /** Zooms in around a point of the photo (its centre unless told), or back out. */
  const toggleZoom = (at?: { x: number; y: number }) => {
    if (zoomed || !canZoom) {
      setZoomed(false);
      return;
    }
    const img = photoRef.current?.getBoundingClientRect();
    const point = img
      ? {
          x: ((at?.x ?? img.left + img.width / 2) - img.left) / img.width,
          y: ((at?.y ?? img.top + img.height / 2) - img.top) / img.height,
        }
      : { x: 0.5, y: 0.5 };
    pendingCentre.current = point;
    setZoomed(true);
  };
  // Once zoomed in, the point that was clicked is brought to the middle.
  useLayoutEffect(() => {
    const box = viewport.current;
    const point = pendingCentre.current;
    if (!zoomed || !box || !point) return;
    pendingCentre.current = null;
    box.scrollLeft = point.x * largest.width - box.clientWidth / 2;
    box.scrollTop = point.y * largest.height - box.clientHeight / 2;
  }, [zoomed, largest.width, largest.height]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = zoomed ? null : (event.touches[0]?.clientX ?? null);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const end = event.changedTouches[0]?.clientX;
    if (touchX.current !== null && end !== undefined) {
      const dx = end - touchX.current;
      if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
    }
    touchX.current = null;
  };
  // A zoomed photo is moved by dragging it with the mouse (touch scrolls it natively).
  const onPointerDown = (event: PointerEvent) => {
    if (zoomed && event.pointerType === 'mouse')
      drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    const box = viewport.current;
    if (!drag.current || !box) return;
    box.scrollBy(drag.current.x - event.clientX, drag.current.y - event.clientY);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
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
        <div className="gallery__tools">
          <button
            type="button"
            className="gallery__zoom"
            aria-pressed={zoomed}
            disabled={!canZoom && !zoomed}
            onClick={() => toggleZoom()}
          >
            {zoomed ? 'Fit to screen' : 'Zoom'}
          </button>
          <button
            type="button"
            className="gallery__close"
            aria-label="Close gallery"
            onClick={() => ref.current?.close()}
          >
            ×
          </button>
        </div>
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
        <div
          ref={viewport}
          className="gallery__viewport"
          data-zoomed={zoomed || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerLeave={endDrag}
        >
          {photo && (
            <img
              key={photo.id}
              ref={photoRef}
              className="gallery__photo"
              src={photo.name}
              srcSet={fullSrcset(photo)}
              sizes={zoomed ? `${largest.width}px` : fullSizes(photo)}
              alt={`${alt}, photo ${index + 1} of ${count}`}
              width={largest.width}
              height={largest.height}
              style={
                zoomed
                  ? { width: largest.width, height: largest.height }
                  : { maxWidth: largest.width, maxHeight: largest.height }
              }
              draggable={false}
              onDoubleClick={(event) => toggleZoom({ x: event.clientX, y: event.clientY })}
            />
          )}
        </div>
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
                onClick={() => {
                  setZoomed(false);
                  setIndex(i);
                }}
              >
                <img
                  src={thumb.cardVersions[0]?.url ?? thumb.card}
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
