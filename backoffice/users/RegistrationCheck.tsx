import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { failureMessage } from '../common/useAdminAction.tsx';
import type { AdminDataProvider } from '../dataProvider.ts';

/**
 * A company's registration check: once an admin checked its C or VAT number, its listings and
 * seller page show a verified badge (until either number changes).
 */
export function RegistrationCheck({ userId }: { userId: number }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [verified, setVerified] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    dataProvider.sellerFacts(userId).then(
      (facts) => current && setVerified(facts.verified),
      (error: unknown) => console.error('Could not load the registration check', error),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, userId]);

  if (verified === null) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      const done = await dataProvider.verifyRegistration(userId, !verified);
      setVerified(!verified);
      notify(done.message, { type: 'success' });
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity={verified ? 'success' : 'info'}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={toggle}>
          {verified ? 'Withdraw verification' : 'Mark registration verified'}
        </Button>
      }
    >
      {verified
        ? 'Registration verified: the verified badge shows on its listings and seller page.'
        : 'Registration not verified. Check the C or VAT number with the business registry first.'}
    </Alert>
  );
}
