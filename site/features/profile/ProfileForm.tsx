import {
  useId,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { prefixes } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import {
  isCompany,
  LOGO_ACCEPT,
  LOGO_INVALID,
  logoBase64,
  profileProblem,
  profileProblems,
  toUpdatePayload,
  valuesOf,
  type ProfileValues,
} from './profile.ts';
import { accountCall } from './useAccountUser.ts';

interface Props {
  user: User;
  cities: Named[];
  phonePrefix: string;
  onSaved: (user: User) => void;
  onUnauthorized: () => void;
}

/** The attributes that tie a control to its broken rule's message (see FieldError). */
const invalid = (id: string, error: string | undefined, ...describedBy: (string | undefined)[]) => {
  const ids = [...describedBy, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
};

/** A broken rule's message under its field. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

/** A labelled input with a fixed prefix shown before it (+356, C, MT). */
function Affixed({
  label,
  prefix,
  error,
  ...input
}: { label: string; prefix: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="profile-affix">
        <span className="profile-affix__prefix" aria-hidden="true">
          {prefix}
        </span>
        <input id={id} {...input} {...invalid(id, error, input['aria-describedby'])} />
      </span>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A labelled input or select with its broken rule's message under it. */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (id: string, attributes: ReturnType<typeof invalid>) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, invalid(id, error))}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The profile edit form: the fields of the user's role, read-only email and company numbers. */
export function ProfileForm({ user, cities, phonePrefix, onSaved, onUnauthorized }: Props) {
  const id = useId();
  const company = isCompany(user);
  const [values, setValues] = useState(() => valuesOf(user, phonePrefix));
  const [logo, setLogo] = useState<{ base64: string; dataUrl: string } | null>(null);
  // After a refused save, every field that breaks a rule is marked until it is fixed.
  const [marking, setMarking] = useState(false);
  const errors = marking ? profileProblems(user, values) : {};
  const bind = (key: keyof ProfileValues) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await logoBase64(file);
    if (!read) return showResult(false, LOGO_INVALID);
    setLogo(read);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = profileProblem(user, values);
    if (problem) {
      setMarking(true);
      return showResult(false, problem);
    }
    const saved = await accountCall(
      messages.profile.updating,
      () =>
        api.call((r) =>
          r.user.update.$post({ json: toUpdatePayload(user, values, logo?.base64 ?? null) }),
        ),
      onUnauthorized,
    );
    if (!saved) return;
    setLogo(null);
    setValues(valuesOf(saved.data, phonePrefix));
    onSaved(saved.data);
    await showResult(true, messages.profile.updated);
  }

  const logoSrc = logo?.dataUrl ?? user.imageUrl;
  const phoneHint = `${id}-phone`;
  return (
    <form
      className="panel profile-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{company ? 'Company details' : 'Personal details'}</h2>
      {company && (
        <div className="profile-logo">
          {logoSrc ? (
            <img src={logoSrc} alt="Company logo" width={96} height={96} />
          ) : (
            <span className="profile-logo__empty" aria-hidden="true">
              {user.firstName.slice(0, 1)}
            </span>
          )}
          <div>
            <label className="button button--ghost profile-logo__button">
              Change logo
              <input
                className="visually-hidden"
                type="file"
                accept={LOGO_ACCEPT}
                onChange={(e) => void chooseLogo(e)}
                aria-describedby={`${id}-logo`}
              />
            </label>
            <p className="profile-hint" id={`${id}-logo`}>
              {logo
                ? 'New logo chosen: save changes to keep it.'
                : 'JPG, JPEG, PNG, WebP or AVIF image.'}
            </p>
          </div>
        </div>
      )}
      <p className="visually-hidden" id={phoneHint}>
        Numbers in Malta, without the {phonePrefix} prefix.
      </p>
      <div className="profile-grid">
        <Field label={company ? 'Company name' : 'First name'} error={errors.firstName}>
          {(fieldId, attributes) => (
            <input
              id={fieldId}
              type="text"
              autoComplete={company ? 'organization' : 'given-name'}
              {...bind('firstName')}
              {...attributes}
            />
          )}
        </Field>
        {!company && (
          <Field label="Last name" error={errors.lastName}>
            {(fieldId, attributes) => (
              <input
                id={fieldId}
                type="text"
                autoComplete="family-name"
                {...bind('lastName')}
                {...attributes}
              />
            )}
          </Field>
        )}
        <label className="field">
          <span>Email</span>
          <input type="email" value={user.email} readOnly />
        </label>
        {company && (
          <>
            <Affixed
              label="C number"
              prefix={prefixes.cNumber}
              type="text"
              value={user.cNumber ?? ''}
              readOnly
            />
            <Affixed
              label="VAT number"
              prefix={prefixes.vat}
              type="text"
              value={user.vatNumber ?? ''}
              readOnly
            />
          </>
        )}
        <Affixed
          label="Phone"
          prefix={phonePrefix}
          type="tel"
          autoComplete="tel-national"
          aria-describedby={phoneHint}
          error={errors.phone}
          {...bind('phone')}
        />
        {company && (
          <>
            <Affixed
              label="Phone 2"
              prefix={phonePrefix}
              type="tel"
              aria-describedby={phoneHint}
              {...bind('phone2')}
            />
            <Affixed
              label="Phone 3"
              prefix={phonePrefix}
              type="tel"
              aria-describedby={phoneHint}
              {...bind('phone3')}
            />
          </>
        )}
        <label className="field">
          <span>Address</span>
          <input type="text" autoComplete="street-address" {...bind('address')} />
        </label>
        <Field label="City" error={errors.city}>
          {(fieldId, attributes) => (
            <select id={fieldId} {...bind('cityId')} {...attributes}>
              <option value="">Choose city</option>
              {cities.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!company && (
          <label className="field">
            <span>Date of birth</span>
            <input
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              {...bind('dateOfBirth')}
            />
          </label>
        )}
      </div>
      <div className="profile-actions">
        <button className="button" type="submit">
          Save changes
        </button>
      </div>
    </form>
  );
}
