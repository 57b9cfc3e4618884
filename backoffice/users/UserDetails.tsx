import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Alert, Box, Button, Paper, Tab, Tabs } from '@mui/material';
import { useEffect, useState } from 'react';
import { LinkBase, useDataProvider, useParams } from 'react-admin';
import { ProgressDialog } from '../common/dialogs.tsx';
import { usePanelPath } from '../common/panelPaths.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { failureMessage } from '../common/useAdminAction.tsx';
import type { AdminDataProvider, UserDetails as Details } from '../dataProvider.ts';
import { roles } from '#shared/limits.ts';
import { texts } from '../texts.ts';
import { EraseUserDialog } from './EraseUserDialog.tsx';
import { RegistrationCheck } from './RegistrationCheck.tsx';
import {
  BalanceTab,
  GeneralTab,
  ListingsTab,
  SubscriptionsTab,
  TransactionsTab,
} from './UserDetailsTabs.tsx';
import { StockFeedsTab } from './StockFeedsTab.tsx';

const tabs = ['General information', 'Transactions', 'Subscriptions', 'Listings', 'Balance'];
/** Business accounts have a sixth tab: their stock feeds. */
const dealerTabs = [...tabs, 'Stock feeds'];

/**
 * /admin/user/{id}: one user, read-only, in five tabs (a business account's sixth: its stock
 * feeds, which an administrator may pause). A part that fails to load (transactions,
 * subscriptions, listings, balance) is logged by the data provider and shown as unavailable.
 */
export function UserDetails() {
  const { id = '' } = useParams<{ id: string }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const panel = usePanelPath();
  const [tab, setTab] = useState(0);
  const [erasing, setErasing] = useState(false);
  const [state, setState] = useState<{ details?: Details; error?: unknown; loading: boolean }>({
    loading: true,
  });

  useEffect(() => {
    let current = true;
    setState({ loading: true });
    dataProvider.userDetails(id).then(
      (details) => current && setState({ details, loading: false }),
      (error: unknown) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id]);

  const { details, error, loading } = state;
  return (
    <Box sx={{ maxWidth: 1100, width: '100%' }}>
      <SectionTitle
        title={texts.userDetails.title}
        actions={
          <>
            <Button component={LinkBase} to={panel('/users')} startIcon={<ArrowBackIcon />}>
              Users
            </Button>
            {details && (
              <Button
                color="error"
                startIcon={<PersonRemoveIcon />}
                onClick={() => setErasing(true)}
              >
                Erase account
              </Button>
            )}
          </>
        }
      />
      <EraseUserDialog id={id} open={erasing} onClose={() => setErasing(false)} />
      <ProgressDialog text={loading ? texts.progress.loading : null} />
      {error !== undefined && <Alert severity="error">{failureMessage(error)}</Alert>}
      {details && (
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_, value: number) => setTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="User details"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {(details.user.role === roles.company ? dealerTabs : tabs).map((label, index) => (
              <Tab
                key={label}
                label={label}
                id={`user-tab-${index}`}
                aria-controls={`user-panel-${index}`}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`user-panel-${tab}`}
            aria-labelledby={`user-tab-${tab}`}
            sx={{ p: { xs: 2, md: 3 } }}
          >
            {tab === 0 && details.user.role === roles.company && (
              <RegistrationCheck userId={details.user.id} />
            )}
            {tab === 0 && <GeneralTab user={details.user} />}
            {tab === 1 && <TransactionsTab transactions={details.transactions} />}
            {tab === 2 && <SubscriptionsTab subscriptions={details.subscriptions} />}
            {tab === 3 && <ListingsTab listings={details.listings} />}
            {tab === 4 && <BalanceTab balance={details.balance} />}
            {tab === 5 && <StockFeedsTab userId={id} />}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
