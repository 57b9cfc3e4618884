import type { ListingType } from '#shared/schemas/configuration.ts';
import type { User } from '#shared/schemas/user.ts';
import { CheckField, FieldError, Section, useFieldError } from './fields.tsx';
import type { FormValues } from './form-values.ts';
import type { SetField } from './form-types.ts';
import type { ListingReference } from './reference.ts';
import { sections } from './texts.ts';
import { phoneLabel } from '#shared/phone.ts';

interface Props {
  adding: boolean;
  values: FormValues;
  set: SetField;
  user: User | null;
  balance: number | null;
  config: ListingReference['config'];
  busy: boolean;
}

/** Contact information (read-only), listing payment and the agreement (adding only), submit. */
export function SubmitSection({ adding, values, set, user, balance, config, busy }: Props) {
  return (
    <Section id="lf-submit" title={sections.submit}>
      <ContactInformation user={user} phonePrefix={config.phonePrefix} />
      {adding && (
        <ListingPayment
          types={config.listingTypes}
          chosen={values.adTypeId}
          onChoose={(id) => set('adTypeId', id)}
          balance={balance}
          days={config.subscriptionDuration}
        />
      )}
      {adding && (
        <div className="lf-agreement">
          <CheckField
            id="lf-agreement"
            checked={values.personalDataAgreement}
            onChange={(v) => set('personalDataAgreement', v)}
            label="I agree that Spotted stores my personal data to publish this listing and to let buyers contact me."
          />
          <a href={config.privacyPolicyUrl} target="_blank" rel="noopener">
            Privacy policy
          </a>
        </div>
      )}
      {!adding && (
        <p className="lf-note">
          Your changes are reviewed by our team before they are published. This process takes up to
          5 business days.
        </p>
      )}
      <div className="lf-actions">
        <button type="submit" className="button lf-submit" disabled={busy}>
          {adding ? 'Submit listing' : 'Submit changes'}
        </button>
      </div>
    </Section>
  );
}

function ContactInformation({ user, phonePrefix }: { user: User | null; phonePrefix: string }) {
  const phones = user ? [user.phone, user.phone2, user.phone3].filter(Boolean) : [];
  const rows: [string, string][] = user
    ? [
        ['Name', [user.firstName, user.lastName].filter(Boolean).join(' ')],
        ['Address', user.address],
        ['City', user.city ?? ''],
        ['Email', user.email],
        ...phones.map((p, i): [string, string] => [
          i === 0 ? 'Phone' : `Phone ${i + 1}`,
          phoneLabel(p, phonePrefix),
        ]),
      ]
    : [];
  return (
    <div className="lf-block">
      <h3 className="lf-block__title">Contact information</h3>
      {user ? (
        <>
          <dl className="lf-contact">
            {rows
              .filter(([, value]) => value)
              .map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <p className="lf-note">
            Buyers see these details on your listing. To change them, edit your{' '}
            <a href="/profile-information">profile information</a>.
          </p>
        </>
      ) : (
        <p className="lf-note">Loading your contact information...</p>
      )}
    </div>
  );
}

interface PaymentProps {
  types: readonly ListingType[];
  chosen: number | null;
  onChoose: (id: number) => void;
  balance: number | null;
  days: number;
}

function ListingPayment({ types, chosen, onChoose, balance, days }: PaymentProps) {
  const type = types.find((t) => t.id === chosen);
  const insufficient = !!type && balance !== null && type.price > balance;
  const error = useFieldError('lf-listing-types');
  return (
    <div className="lf-block">
      <h3 className="lf-block__title" id="lf-payment-title">
        Listing payment
      </h3>
      <p className="lf-note">
        Premium and Featured listings are promoted for {days} days, renew automatically and can be
        cancelled at any time. The price is reserved from your credit balance when you submit and
        returned if the listing is not approved.
      </p>
      <div
        className="lf-types"
        role="radiogroup"
        aria-labelledby="lf-payment-title"
        {...error.attributes}
      >
        {types.map((t, i) => (
          <label key={t.id} className={`lf-type${t.id === chosen ? ' lf-type--chosen' : ''}`}>
            <input
              type="radio"
              name="adTypeId"
              id={i === 0 ? 'lf-listing-types' : undefined}
              value={t.id}
              checked={t.id === chosen}
              onChange={() => onChoose(t.id)}
            />
            <span className="lf-type__name">{t.name}</span>
            <span className="lf-type__price">{t.price > 0 ? `${t.price} credits` : 'Free'}</span>
          </label>
        ))}
      </div>
      <FieldError id="lf-listing-types" message={error.message} />
      <div className="lf-balance">
        <p aria-live="polite">
          Your balance: <strong>{balance === null ? '...' : `${balance} credits`}</strong>
        </p>
        {insufficient && (
          <div className="lf-topup" role="status">
            <span>
              {type.name} costs {type.price} credits, more than your balance.
            </span>
            <a className="button" href="/credit-balance" target="_blank" rel="noopener">
              Top up
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
