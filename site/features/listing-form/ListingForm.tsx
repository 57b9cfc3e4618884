import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { MileageUnit } from '#shared/mileage.ts';
import { listingProblems, type ListingProblem } from '#shared/schemas/listing-rules.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult, withProgress } from '../../lib/dialogs.ts';
import { readSession } from '#shared/session.ts';
import { AdditionalSection } from './AdditionalSection.tsx';
import { movePhoto, removePhoto } from './cover.ts';
import { DescriptionSection } from './DescriptionSection.tsx';
import { downscaleToJpeg } from './downscale.ts';
import { FeaturesSection } from './FeaturesSection.tsx';
import { FieldErrors } from './fields.tsx';
import {
  controlOf,
  emptyValues,
  photosFromDetails,
  retypedMileage,
  toPayload,
  valuesFromDetails,
  type FormMode,
  type FormValues,
  type ListingBody,
} from './form-values.ts';
import type { SetField } from './form-types.ts';
import { GeneralSection } from './GeneralSection.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { exceedsMaximum, invalidFilesMessage, splitFiles, type Photo } from './photos.ts';
import { PhotosSection } from './PhotosSection.tsx';
import { PriceSection } from './PriceSection.tsx';
import type { ListingReference } from './reference.ts';
import { SubmitSection } from './SubmitSection.tsx';
import { sections } from './texts.ts';
import { useBalance } from './useBalance.ts';
import { useModels } from './useModels.ts';
import './listing-form.css';

/** The spec's short pause before the stored model is chosen again, once the models are there. */
export const MODEL_RESELECT_DELAY_MS = 100;

export interface ListingFormProps {
  mode: FormMode;
  /** The listing (edit) or request (edit-request) being edited; null when adding. */
  listingId: number | null;
  reference: ListingReference;
  /** The visitor's mileage unit when the page was rendered; the form's switch changes it. */
  unit: MileageUnit;
}

type Status = 'checking' | 'ready' | 'unauthorized' | 'failed';

const m = messages.listing;
const noErrors: ReadonlyMap<string, string> = new Map();

/** Each control's first broken rule, for the inline marks. */
function errorsByField(problems: readonly ListingProblem[]) {
  const errors = new Map<string, string>();
  for (const { field, message } of problems) {
    const id = controlOf(field);
    if (!errors.has(id)) errors.set(id, message);
  }
  return errors;
}

/** Moves the user to the control a broken rule is about. */
function focusProblem(problem: ListingProblem) {
  const target = document.getElementById(controlOf(problem.field));
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

/** The add/edit listing form: one island for add-listing, edit-listing and edit-request-listing. */
export default function ListingForm({
  mode,
  listingId,
  reference,
  unit: pageUnit,
}: ListingFormProps) {
  const adding = mode === 'add';
  const [unit, setUnit] = useState(pageUnit);
  const [status, setStatus] = useState<Status>('checking');
  const [failure, setFailure] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [values, setValues] = useState<FormValues>(emptyValues);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [cover, setCover] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [storedRegistration, setStoredRegistration] = useState<string | null>(null);
  const [deniedMessage, setDeniedMessage] = useState<string | null>(null);
  // After a submit that broke rules, every field breaking one is marked until it is fixed.
  const [marking, setMarking] = useState(false);
  const pendingModel = useRef<number | null>(null);
  const photoCount = useRef(0);
  const models = useModels(values.brand);
  const balance = useBalance(userId, adding && status === 'ready');

  const set = useCallback<SetField>((key, value) => setValues((v) => ({ ...v, [key]: value })), []);

  useEffect(() => {
    const session = readSession();
    if (!session) {
      setStatus('unauthorized');
      return;
    }
    setUserId(session.userId);
    let alive = true;
    const load = async () => {
      const userCall = api.call((r) =>
        r.user[':id'].$get({ param: { id: String(session.userId) } }),
      );
      const loadDetails = () => {
        const param = { id: String(listingId) };
        return api.call((r) =>
          mode === 'edit'
            ? r.car.edit.details.raw[':id'].$get({ param })
            : r.car.request.edit.details.raw[':id'].$get({ param }),
        );
      };
      let details: Awaited<ReturnType<typeof loadDetails>> | null = null;
      let userRes: Awaited<typeof userCall>;
      if (adding) {
        userRes = await userCall;
      } else {
        const done = showProgress(m.loadingData);
        [userRes, details] = await Promise.all([userCall, loadDetails()]);
        done();
      }
      if (!alive) return;
      if (userRes.status === 401 || details?.status === 401) {
        setStatus('unauthorized');
        return;
      }
      if (details && details.code !== 0) {
        setFailure(details.message || messages.common.errorOccurred);
        setStatus('failed');
        await showResult(false, details.message || messages.common.errorOccurred);
        return;
      }
      if (details) {
        pendingModel.current = details.data.model;
        // The fields show once loaded, so no switch has changed the page's unit yet.
        setValues(valuesFromDetails(details.data, pageUnit));
        setStoredRegistration(details.data.registrationExpiration);
        setDeniedMessage(details.data.state === 'DENIED' ? details.data.deniedMessage : null);
        const stored = photosFromDetails(details.data);
        setPhotos(stored.photos);
        setCover(stored.cover);
      }
      setStatus('ready');
      if (userRes.code === 0) setUser(userRes.data);
      else await showResult(false, userRes.message || messages.common.errorOccurred);
    };
    void load();
    return () => {
      alive = false;
    };
  }, [adding, mode, listingId, pageUnit]);

  // The stored model is chosen again a moment after its make's models have arrived.
  useEffect(() => {
    const model = pendingModel.current;
    if (model === null || !models.some((x) => x.id === model)) return;
    const timer = setTimeout(() => {
      pendingModel.current = null;
      setValues((v) => ({ ...v, model }));
    }, MODEL_RESELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [models]);

  const chooseMake = (brand: number | null) => {
    pendingModel.current = null;
    setValues((v) => ({ ...v, brand, model: null }));
  };

  const addFiles = async (files: File[]) => {
    if (processing) return;
    const { accepted, rejected } = splitFiles(files);
    if (rejected.length) await showResult(false, invalidFilesMessage(rejected));
    if (!accepted.length) return;
    if (exceedsMaximum(photos.length, accepted.length)) {
      await showResult(false, m.imagesMax);
      return;
    }
    setProcessing(true);
    const unreadable: string[] = [];
    for (const file of accepted) {
      try {
        const image = await downscaleToJpeg(file);
        const key = `new-${++photoCount.current}`;
        setPhotos((list) => [...list, { key, image, name: file.name }]);
      } catch (err) {
        console.error(`Photo ${file.name} could not be read`, err);
        unreadable.push(file.name);
      }
    }
    setProcessing(false);
    if (unreadable.length) await showResult(false, invalidFilesMessage(unreadable));
  };

  const send = async (payload: ListingBody) => {
    const res = await api.call((r) =>
      mode === 'add'
        ? r.cars.add.$post({ json: payload })
        : mode === 'edit'
          ? r.cars.edit.$post({ json: { ...payload, originalId: listingId } })
          : r.cars.request.edit.$post({ json: { ...payload, id: listingId } }),
    );
    // A request that never reached the server has no message to show.
    return res.status === 0 ? { ...res, message: messages.common.errorOccurred } : res;
  };

  const problemsOf = (payload: ListingBody) =>
    listingProblems(payload, {
      mode: adding ? 'add' : 'edit',
      minYear: reference.config.carMinimumYear,
      maxYear: reference.config.carMaximumYear,
    });
  const payloadOf = () =>
    toPayload(values, photos, cover, {
      userId: userId ?? 0,
      currency: reference.config.currency,
      unit,
    });
  const fieldErrors = marking ? errorsByField(problemsOf(payloadOf())) : noErrors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId || processing || submitting) return;
    const payload = payloadOf();
    const [problem] = problemsOf(payload);
    if (problem) {
      setMarking(true);
      await showResult(false, problem.message);
      focusProblem(problem);
      return;
    }
    setSubmitting(true);
    const res = await withProgress(
      m.submitting,
      () => send(payload),
      adding ? m.submitted : m.updateSubmitted,
    );
    setSubmitting(false);
    if (res.code === 0) location.assign(adding ? '/my-listings' : '/');
  };

  if (status === 'unauthorized') return <LoginPrompt adding={adding} />;
  if (status === 'failed') {
    return (
      <section className="panel lf-login" aria-labelledby="lf-failed-title">
        <h2 id="lf-failed-title">This listing cannot be edited</h2>
        <p>{failure}</p>
        <a className="button" href="/my-listings">
          My listings
        </a>
      </section>
    );
  }

  const form = (
    <FieldErrors.Provider value={fieldErrors}>
      <form className="lf-form" noValidate onSubmit={(e) => void submit(e)}>
        {deniedMessage && (
          <div className="lf-denied" role="note">
            <p>
              <strong>Denied by our review team.</strong> Reason: {deniedMessage}
            </p>
          </div>
        )}
        <PhotosSection
          photos={photos}
          cover={cover}
          busy={processing}
          onAdd={(files) => void addFiles(files)}
          onRemove={(index) => {
            const next = removePhoto(photos, index, cover);
            setPhotos(next.items);
            setCover(next.cover);
          }}
          onMove={(from, to) => {
            const next = movePhoto(photos, from, to, cover);
            setPhotos(next.items);
            setCover(next.cover);
          }}
          onCover={setCover}
        />
        <GeneralSection
          values={values}
          set={set}
          reference={reference}
          models={models}
          onMake={chooseMake}
          unit={unit}
          onUnit={(chosen) => {
            setValues((v) => ({ ...v, millage: retypedMileage(v.millage, unit, chosen) }));
            setUnit(chosen);
          }}
        />
        <PriceSection values={values} set={set} currency={reference.config.currency} />
        <AdditionalSection
          values={values}
          set={set}
          reference={reference}
          storedRegistration={storedRegistration}
        />
        <FeaturesSection
          id="lf-safety"
          title={sections.safety}
          items={reference.safety}
          chosen={values.safety}
          onChange={(chosen) => set('safety', chosen)}
        />
        <FeaturesSection
          id="lf-equipment"
          title={sections.equipment}
          items={reference.equipment}
          chosen={values.equipment}
          onChange={(chosen) => set('equipment', chosen)}
        />
        <DescriptionSection value={values.description} onChange={(v) => set('description', v)} />
        <SubmitSection
          adding={adding}
          values={values}
          set={set}
          user={user}
          balance={balance}
          config={reference.config}
          busy={processing || submitting}
        />
      </form>
    </FieldErrors.Provider>
  );

  // Until the session is read, the logged-in flag set before paint picks what shows.
  return (
    <>
      {status === 'checking' && <LoginPrompt adding={adding} className="when-out" />}
      <div className={status === 'checking' ? 'when-in' : undefined}>{form}</div>
    </>
  );
}
