/**
 * The search page's 'Save search' form (SaveSearch.astro): saves the filters and sort in the
 * address, read when saving, so whatever the panel applied last is what is kept.
 */
import { browserMileageUnit } from '../features/mileage/mileage.ts';
import { savedSearchMessages as m, type SavedSearchAlert } from '#shared/saved-searches.ts';
import { filtersOfAddress } from '../features/saved-searches/saved-searches.ts';
import { api } from '../lib/api.ts';
import { showToast } from '../lib/toast.ts';

const form = document.querySelector<HTMLFormElement>('#save-search');
const error = document.querySelector<HTMLElement>('#save-search-error');

function showError(message: string) {
  const name = form?.querySelector<HTMLInputElement>('input[name="name"]');
  if (!error || !name) return;
  error.textContent = message;
  error.hidden = !message;
  for (const [attribute, value] of [
    ['aria-invalid', 'true'],
    ['aria-describedby', error.id],
  ] as const) {
    if (message) name.setAttribute(attribute, value);
    else name.removeAttribute(attribute);
  }
}

form?.addEventListener('submit', (event) => {
  event.preventDefault();
  void save(form);
});

async function save(form: HTMLFormElement) {
  const data = new FormData(form);
  const name = String(data.get('name') ?? '');
  if (!name.trim()) return showError(m.nameRequired);
  const alert = String(data.get('alert')) as SavedSearchAlert;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = true;
  const res = await api.call((r) =>
    r['saved-searches'].$post({
      json: {
        name,
        alert,
        filters: filtersOfAddress(location.search),
        mileageUnit: browserMileageUnit(),
      },
    }),
  );
  if (submit) submit.disabled = false;
  if (res.code !== 0) return showError(res.message);
  form.hidePopover();
  form.reset();
  showError('');
  showToast(m.saved, { label: 'Saved searches', href: '/saved-searches' });
}
