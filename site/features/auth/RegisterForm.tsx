import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '#shared/messages.ts';
import type { Named } from '#shared/schemas/catalog.ts';
import { api } from '../../lib/api.ts';
import { showProgress, showResult } from '../../lib/dialogs.ts';
import {
  businessProblems,
  checkBusiness,
  checkPersonal,
  personalProblems,
  type BusinessForm,
  type FieldProblems,
  type PersonalForm,
} from './auth.ts';
import BusinessFields from './BusinessFields.tsx';
import { FieldError, PasswordField, TextField } from './Fields.tsx';
import './auth.css';

type AccountType = 'personal' | 'business';

interface Props {
  cities: Named[];
  phonePrefix: string;
}

const emptyPersonal: PersonalForm = {
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  phone: '',
  city: '',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
};

const emptyBusiness: BusinessForm = {
  image: '',
  firstName: '',
  cNumber: '',
  vatNumber: '',
  phones: [''],
  city: '',
  address: '',
  email: '',
  password: '',
  confirmPassword: '',
};

const types: { id: AccountType; name: string; text: string }[] = [
  { id: 'personal', name: 'Personal', text: 'Buy and sell your own cars.' },
  { id: 'business', name: 'Business', text: 'For dealers: your logo, C and VAT numbers.' },
];

/**
 * The account type (Personal or Business), then its form. On a phone the choice is a step of
 * its own; on a wider screen both show side by side.
 */
export default function RegisterForm({ cities, phonePrefix }: Props) {
  const [type, setType] = useState<AccountType>('personal');
  const [step, setStep] = useState<'type' | 'form'>('type');
  const [personal, setPersonal] = useState(emptyPersonal);
  const [business, setBusiness] = useState(emptyBusiness);
  // After a refused submit, every field that breaks a rule is marked until it is fixed.
  const [marking, setMarking] = useState(false);
  const errors: FieldProblems = !marking
    ? {}
    : type === 'business'
      ? businessProblems(business)
      : personalProblems(personal);

  const setP = (key: keyof PersonalForm) => (value: string) =>
    setPersonal((form) => ({ ...form, [key]: value }));
  const setB =
    <K extends keyof BusinessForm>(key: K) =>
    (value: BusinessForm[K]) =>
      setBusiness((form) => ({ ...form, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked =
      type === 'business'
        ? { kind: 'company' as const, ...checkBusiness(business) }
        : { kind: 'private' as const, ...checkPersonal(personal) };
    if (!checked.ok) {
      setMarking(true);
      return showResult(false, checked.message);
    }
    const done = showProgress(messages.register.progress);
    const res = await api.call((r) => {
      if (checked.kind === 'company') {
        const { confirmPassword: _confirm, ...json } = checked.data;
        return r.user.register.company.$post({ json });
      }
      const { confirmPassword: _confirm, ...json } = checked.data;
      return r.user.register.private.$post({ json });
    });
    done();
    if (res.code !== 0) return showResult(false, res.message || messages.common.errorOccurred);
    await showResult(true, messages.register.success);
    location.assign('/login');
  }

  const city = (value: string, onChange: (value: string) => void) => (
    <CitySelect cities={cities} value={value} onChange={onChange} error={errors.city} />
  );
  const account = (
    form: PersonalForm | BusinessForm,
    set: (key: 'email') => (v: string) => void,
  ) => (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      value={form.email}
      onChange={set('email')}
      error={errors.email}
    />
  );
  const passwords = (
    form: PersonalForm | BusinessForm,
    set: (key: 'password' | 'confirmPassword') => (v: string) => void,
  ) => (
    <>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <p className="auth-form__rule">
        At least 8 characters, with an upper case letter, a lowercase letter and a number.
      </p>
    </>
  );

  return (
    <div className="register" data-step={step}>
      <fieldset className="register__types">
        <legend className="register__legend">Account type</legend>
        <div className="register__choices">
          {types.map((t) => (
            <label key={t.id} className="register__choice">
              <input
                type="radio"
                name="accountType"
                value={t.id}
                checked={type === t.id}
                onChange={() => setType(t.id)}
              />
              <span className="register__choice-name">{t.name}</span>
              <span className="register__choice-text">{t.text}</span>
            </label>
          ))}
        </div>
        <button
          type="button"
          className="button auth-form__submit register__continue"
          onClick={() => setStep('form')}
        >
          Continue
        </button>
      </fieldset>

      <form
        method="post"
        className="auth-form register__form"
        noValidate
        aria-label={type === 'business' ? 'Business account' : 'Personal account'}
        onSubmit={(e) => void submit(e)}
      >
        <button type="button" className="register__back" onClick={() => setStep('type')}>
          <span aria-hidden="true">‹</span> Change account type
          <span className="register__back-type">
            {type === 'business' ? 'Business' : 'Personal'}
          </span>
        </button>
        {type === 'personal' ? (
          <Columns>
            <TextField
              label="First name"
              autoComplete="given-name"
              value={personal.firstName}
              onChange={setP('firstName')}
              error={errors.firstName}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              value={personal.lastName}
              onChange={setP('lastName')}
              error={errors.lastName}
            />
            {account(personal, setP)}
            <TextField
              label="Address"
              hint="(optional)"
              autoComplete="street-address"
              value={personal.address}
              onChange={setP('address')}
              error={errors.address}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              prefix={phonePrefix}
              value={personal.phone}
              onChange={setP('phone')}
              error={errors.phone}
            />
            {city(personal.city, setP('city'))}
            <TextField
              label="Date of birth"
              hint="(optional)"
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              value={personal.dateOfBirth}
              onChange={setP('dateOfBirth')}
              error={errors.dateOfBirth}
            />
            <span className="register__spacer" />
            {passwords(personal, setP)}
          </Columns>
        ) : (
          <Columns>
            <BusinessFields
              form={business}
              phonePrefix={phonePrefix}
              onImage={setB('image')}
              onChange={(key) => setB(key)}
              onPhones={setB('phones')}
              errors={errors}
            />
            {city(business.city, setB('city'))}
            <TextField
              label="Address"
              autoComplete="street-address"
              value={business.address}
              onChange={setB('address')}
              error={errors.address}
            />
            {account(business, setB)}
            <span className="register__spacer" />
            {passwords(business, setB)}
          </Columns>
        )}
        <button className="button auth-form__submit" type="submit">
          Register
        </button>
        <p className="auth-form__switch">
          Already have an account? <a href="/login">Log in</a>
        </p>
      </form>
    </div>
  );
}

function Columns({ children }: { children: ReactNode }) {
  return <div className="register__columns">{children}</div>;
}

function CitySelect({
  cities,
  value,
  onChange,
  error,
}: {
  cities: Named[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field auth-field">
      <label htmlFor={id}>City</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="address-level2"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose city</option>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error} />
    </div>
  );
}
