import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { LoginChallenge } from '#shared/schemas/two-factor.ts';

/**
 * The login's second step: the code of the authenticator app (or a recovery code). On an
 * administrator's first login it sets two-factor login up first: the QR code to scan and the key
 * to type in instead, then a code of the new secret.
 */
export function SecondFactorStep({
  challenge,
  busy,
  onSubmit,
  onBack,
}: {
  challenge: LoginChallenge;
  busy: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const enrolment = challenge.twoFactor === 'enrol' ? challenge.enrolment : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(code);
    setCode('');
  }

  return (
    <Stack component="form" noValidate spacing={2} aria-label="Two-factor login" onSubmit={submit}>
      {enrolment ? (
        <>
          <Typography>
            Administrators log in with a code from an authenticator app as well as the password.
            Scan this QR code with the app (such as Google Authenticator, Microsoft Authenticator or
            1Password).
          </Typography>
          <Box
            component="img"
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code to add Spotted to your authenticator app"
            sx={{ alignSelf: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }}
          />
          <TextField
            label="Setup key"
            value={enrolment.secret.match(/.{1,4}/g)?.join(' ')}
            helperText="Can't scan it? Enter this key in the app instead."
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            sx={{ '& input': { fontFamily: 'monospace' } }}
            fullWidth
          />
        </>
      ) : (
        <Typography>Open your authenticator app and enter the code for Spotted.</Typography>
      )}
      <TextField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        helperText={
          enrolment
            ? 'The 6-digit code your authenticator app shows for Spotted.'
            : 'The 6-digit code from your authenticator app, or one of your recovery codes.'
        }
        slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'off', spellCheck: false } }}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Verify
      </Button>
      <Link component="button" type="button" onClick={onBack} sx={{ alignSelf: 'center' }}>
        Back to log in
      </Link>
    </Stack>
  );
}

/** The ten recovery codes, shown once, before the panel opens. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Save your recovery codes
      </Typography>
      <Typography>
        If you lose your phone, each of these codes lets you log in once. Keep them somewhere safe:
        they are shown only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: 1,
          columnGap: 4,
          m: 0,
          p: 2,
          listStyle: 'none',
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" size="large" onClick={onDone}>
        I have saved my codes
      </Button>
    </Stack>
  );
}
