import type { MouseEvent } from 'react';

interface Props {
  page: number;
  pages: number;
  href: (page: number) => string;
  onChange: (page: number) => void;
}

/** The site's pagination as an island: links that change the page without a reload. */
export default function Pagination({ page, pages, href, onChange }: Props) {
  if (pages <= 1) return null;
  // The first, the last and two around the current page; gaps become an ellipsis.
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const go = (p: number) => (event: MouseEvent) => {
    event.preventDefault();
    onChange(p);
  };
  return (
    <nav aria-label="Pagination">
      <ul className="pagination">
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev" aria-label="Previous page" onClick={go(page - 1)}>
              ‹
            </a>
          </li>
        )}
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - (shown[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
            <a
              href={href(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={go(p)}
            >
              {p}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a href={href(page + 1)} rel="next" aria-label="Next page" onClick={go(page + 1)}>
              ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
