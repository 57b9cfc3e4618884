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
import { authProvider } from '../authProvider.ts';
import { ProgressDialog, ResultDialog } from '../common/dialogs.tsx';
import { Logo } from '../layout/Logo.tsx';
import { texts } from '../texts.ts';
import { theme } from '../theme.ts';
import { loginFailure, loginProblem } from './loginRules.ts';

const muiTheme = createTheme(theme);
const t = texts.login;

/**
 * /admin-login (an island of site/pages/admin-login.astro, outside the react-admin router; no
 * header or footer, as on the site's login pages): email and password; a broken rule shows in a
 * failure dialog without a call; an admin goes to /admin, anyone else to /.
 */
export default function AdminLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = loginProblem(email, password);
    if (problem) return setFailure(problem);
    setBusy(true);
    try {
      const { redirectTo } = (await authProvider.login({ email: email.trim(), password })) as {
        redirectTo: string;
      };
      window.location.assign(redirectTo);
    } catch (error) {
      setBusy(false);
      setFailure(loginFailure(error));
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
        </Paper>
      </Box>
      <ProgressDialog text={busy ? messages.login.progress : null} />
      <ResultDialog ok={false} message={failure} onClose={() => setFailure(null)} />
    </ThemeProvider>
  );
}
