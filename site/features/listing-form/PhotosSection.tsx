import { useRef, useState, type DragEvent } from 'react';
import { limits } from '#shared/limits.ts';
import { FieldError, Section, useFieldError } from './fields.tsx';
import { IMAGE_ACCEPT, photoSrc, type Photo } from './photos.ts';
import { sections } from './texts.ts';

interface Props {
  photos: readonly Photo[];
  cover: number;
  busy: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onCover: (index: number) => void;
}

/**
 * Add photos: a file picker that also takes dropped files, then the photos in their order with
 * the cover marked. Order changes by dragging or by the move buttons (keyboard and touch).
 */
export function PhotosSection({ photos, cover, busy, onAdd, onRemove, onMove, onCover }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const error = useFieldError('lf-photos-add');
  const [announcement, setAnnouncement] = useState('');

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length) onAdd(files);
  };
  const dropFiles = (e: DragEvent) => {
    if (dragged !== null || !e.dataTransfer.files.length) return;
    e.preventDefault();
    setDropping(false);
    take(e.dataTransfer.files);
  };
  const move = (from: number, to: number) => {
    onMove(from, to);
    setAnnouncement(`Photo ${from + 1} moved to position ${to + 1}`);
  };

  return (
    <Section
      id="lf-photos"
      title={sections.photos}
      note={`Add between ${limits.imagesMin} and ${limits.imagesMax} photos (JPEG, PNG, WebP or AVIF). The first photo is the cover unless you choose another one.`}
    >
      <div
        className={`lf-drop${dropping ? ' lf-drop--active' : ''}`}
        onDragOver={(e) => {
          if (dragged !== null) return;
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={dropFiles}
      >
        <button
          id="lf-photos-add"
          type="button"
          className="button"
          onClick={() => input.current?.click()}
          disabled={busy || photos.length >= limits.imagesMax}
          {...error.attributes}
        >
          Add photos
        </button>
        <span className="lf-drop__hint">or drop them here</span>
        <input
          ref={input}
          id="lf-photos-input"
          className="visually-hidden"
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          tabIndex={-1}
          aria-label="Choose photos"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <p className="lf-drop__count" aria-live="polite">
          {busy
            ? 'Preparing photos...'
            : `${photos.length} of ${limits.imagesMax} photos${photos.length < limits.imagesMin ? ` (at least ${limits.imagesMin})` : ''}`}
        </p>
      </div>
      <FieldError id="lf-photos-add" message={error.message} />

      {photos.length > 0 && (
        <ol className="lf-photos" aria-label="Photos">
          {photos.map((photo, i) => {
            const isCover = i === cover;
            const name = `photo ${i + 1}`;
            return (
              <li
                key={photo.key}
                className={`lf-photo${isCover ? ' lf-photo--cover' : ''}${dragged === i ? ' lf-photo--dragged' : ''}`}
                draggable
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  move(dragged, i);
                  setDragged(null);
                }}
              >
                <img
                  src={photoSrc(photo.image)}
                  alt={`Photo ${i + 1}${isCover ? ' (cover)' : ''}`}
                  draggable={false}
                />
                <button
                  type="button"
                  className="lf-photo__cover"
                  aria-pressed={isCover}
                  onClick={() => {
                    onCover(i);
                    setAnnouncement(`Photo ${i + 1} is the cover`);
                  }}
                >
                  <span className="visually-hidden">Photo {i + 1}: </span>
                  {isCover ? 'Cover photo' : 'Set as cover'}
                </button>
                <div className="lf-photo__actions">
                  <button
                    type="button"
                    className="lf-icon"
                    aria-label={`Move ${name} left`}
                    title="Move left"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ‹
                  </button>
                  <button
                    type="button"
                    className="lf-icon"
                    aria-label={`Move ${name} right`}
                    title="Move right"
                    disabled={i === photos.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ›
                  </button>
                  <button
                    type="button"
                    className="lf-icon lf-icon--danger"
                    aria-label={`Remove ${name}`}
                    title="Remove"
                    onClick={() => {
                      onRemove(i);
                      setAnnouncement(`Photo ${i + 1} removed`);
                    }}
                  >
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </Section>
  );
}
