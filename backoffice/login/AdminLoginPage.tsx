import {
  Box,
  Button,
  CssBaseline,
  Link,
  Paper,
  Stack,
  TextField,
  ThemeProvider,
  Typography,
  createTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { LoginChallenge } from '#shared/schemas/two-factor.ts';
import { authProvider } from '../authProvider.ts';
import { ProgressDialog, ResultDialog } from '../common/dialogs.tsx';
import { Logo } from '../layout/Logo.tsx';
import { texts } from '../texts.ts';
import { theme } from '../theme.ts';
import { codeFailure, codeProblem, loginFailure, loginProblem } from './loginRules.ts';
import { RecoveryCodesStep, SecondFactorStep } from './SecondFactorStep.tsx';

const muiTheme = createTheme(theme);
const t = texts.login;

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: LoginChallenge }
  | { kind: 'codes'; codes: string[]; redirectTo: string };

/**
 * /admin-login (an island of site/pages/admin-login.astro, outside the react-admin router; no
 * header or footer, as on the site's login pages): email and password; a broken rule shows in a
 * failure dialog without a call. Then the code of the authenticator app: an administrator's first
 * login sets two-factor login up (QR code, code, recovery codes shown once). An admin goes to
 * /admin, anyone else to /.
 */
export default function AdminLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = loginProblem(email, password);
    if (problem) return setFailure(problem);
    setBusy(true);
    try {
      const outcome = await authProvider.login({ email: email.trim(), password });
      setBusy(false);
      if ('secondFactor' in outcome) setStep({ kind: 'code', challenge: outcome.secondFactor });
      else window.location.assign(outcome.redirectTo);
    } catch (error) {
      setBusy(false);
      setFailure(loginFailure(error));
    }
  }

  async function submitCode(challenge: LoginChallenge, code: string) {
    const problem = codeProblem(code);
    if (problem) return setFailure(problem);
    setBusy(true);
    try {
      const outcome = await authProvider.login({ challengeToken: challenge.challengeToken, code });
      if (!('redirectTo' in outcome)) throw new Error('a second challenge');
      if (!outcome.recoveryCodes) return window.location.assign(outcome.redirectTo);
      setBusy(false);
      setStep({ kind: 'codes', codes: outcome.recoveryCodes, redirectTo: outcome.redirectTo });
    } catch (error) {
      setBusy(false);
      const { expired, message } = codeFailure(error);
      if (expired) setStep({ kind: 'password' });
      setFailure(message);
    }
  }

  function content() {
    switch (step.kind) {
      case 'codes':
        return (
          <RecoveryCodesStep
            codes={step.codes}
            onDone={() => window.location.assign(step.redirectTo)}
          />
        );
      case 'code':
        return (
          <SecondFactorStep
            challenge={step.challenge}
            busy={busy}
            onSubmit={(code) => void submitCode(step.challenge, code)}
            onBack={() => setStep({ kind: 'password' })}
          />
        );
      case 'password':
        return (
          <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)}>
            <TextField
              label={t.email}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              fullWidth
            />
            <TextField
              label={t.password}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
            />
            <Link href="/forgot-password" sx={{ alignSelf: 'flex-end' }}>
              {t.forgotPassword}
            </Link>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {t.submit}
            </Button>
            <Link href="/register" sx={{ textAlign: 'center' }}>
              {t.register}
            </Link>
          </Stack>
        );
    }
  }

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <Box component="main" sx={{ display: 'grid', placeItems: 'start center', px: 2, py: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
          <Box
            component="a"
            href="/"
            aria-label="Spotted, home"
            sx={{ display: 'inline-block', mb: 2, textDecoration: 'none' }}
          >
            <Logo />
          </Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
            {t.title}
          </Typography>
          {content()}
        </Paper>
      </Box>
      <ProgressDialog text={busy ? messages.login.progress : null} />
      <ResultDialog ok={false} message={failure} onClose={() => setFailure(null)} />
    </ThemeProvider>
  );
}
