import { useId, useState, type ChangeEvent } from 'react';
import { limits, prefixes } from '#shared/limits.ts';
import { showResult } from '../../lib/dialogs.ts';
import { readAsDataUrl, stripDataUrl } from '../../lib/files.ts';
import { LOGO_ACCEPT, logoProblem, type BusinessForm, type FieldProblems } from './auth.ts';
import { FieldError, TextField } from './Fields.tsx';

interface Props {
  form: BusinessForm;
  phonePrefix: string;
  onImage: (base64: string) => void;
  onChange: (key: 'firstName' | 'cNumber' | 'vatNumber') => (value: string) => void;
  onPhones: (phones: string[]) => void;
  /** The rules the fields break (by payload field: image, firstName, phone, phone2, ...). */
  errors: FieldProblems;
}

/** The company's own fields: logo, company name, C and VAT numbers, up to three phones. */
export default function BusinessFields({
  form,
  phonePrefix,
  onImage,
  onChange,
  onPhones,
  errors,
}: Props) {
  const logoId = useId();
  const [preview, setPreview] = useState('');

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      event.target.value = '';
      return showResult(false, problem);
    }
    const dataUrl = await readAsDataUrl(file);
    setPreview(dataUrl);
    onImage(stripDataUrl(dataUrl));
  }

  const setPhone = (index: number) => (value: string) =>
    onPhones(form.phones.map((p, i) => (i === index ? value : p)));

  return (
    <>
      <div className="field auth-field register__logo">
        <span id={`${logoId}-label`}>Logo</span>
        <div className="logo-upload">
          {preview ? (
            <img className="logo-upload__preview" src={preview} alt="Chosen logo" />
          ) : (
            <span className="logo-upload__preview logo-upload__preview--empty" aria-hidden="true">
              Logo
            </span>
          )}
          <label className="button button--ghost logo-upload__button" htmlFor={logoId}>
            {preview ? 'Change logo' : 'Upload logo'}
          </label>
          <input
            id={logoId}
            className="visually-hidden"
            type="file"
            accept={LOGO_ACCEPT}
            aria-labelledby={`${logoId}-label`}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? `${logoId}-error` : undefined}
            onChange={(e) => void pick(e)}
          />
          <span className="logo-upload__hint">JPG, PNG, WebP or AVIF</span>
        </div>
        <FieldError id={logoId} message={errors.image} />
      </div>
      <TextField
        label="Company name"
        autoComplete="organization"
        value={form.firstName}
        onChange={onChange('firstName')}
        error={errors.firstName}
      />
      <TextField
        label="C number"
        inputMode="numeric"
        prefix={prefixes.cNumber}
        value={form.cNumber}
        onChange={(v) => onChange('cNumber')(v.replace(/\D/g, ''))}
        error={errors.cNumber}
      />
      <TextField
        label="VAT number"
        inputMode="numeric"
        prefix={prefixes.vat}
        value={form.vatNumber}
        onChange={(v) => onChange('vatNumber')(v.replace(/\D/g, '').slice(0, 8))}
        error={errors.vatNumber}
      />
      {form.phones.map((phone, i) => (
        <TextField
          key={i}
          label={i === 0 ? 'Phone' : `Phone ${i + 1}`}
          hint={i === 0 ? undefined : '(optional)'}
          type="tel"
          autoComplete={i === 0 ? 'tel-national' : 'off'}
          inputMode="tel"
          prefix={phonePrefix}
          value={phone}
          onChange={setPhone(i)}
          error={errors[i === 0 ? 'phone' : `phone${i + 1}`]}
          action={
            i > 0 && (
              <button
                type="button"
                className="auth-input__action"
                onClick={() => onPhones(form.phones.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> phone {i + 1}</span>
              </button>
            )
          }
        />
      ))}
      {form.phones.length < limits.maxPhones && (
        <button
          type="button"
          className="button button--ghost register__add-phone"
          onClick={() => onPhones([...form.phones, ''])}
        >
          <span aria-hidden="true">+</span> Add phone number
        </button>
      )}
    </>
  );
}
