import ForumIcon from '@mui/icons-material/Forum';
import LogoutIcon from '@mui/icons-material/Logout';
import RateReviewIcon from '@mui/icons-material/RateReview';
import {
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  type ListItemButtonProps,
} from '@mui/material';
import { LinkBase, useGetList, useLogout } from 'react-admin';
import type { z } from 'zod';
import type { menuItemSchema } from '#shared/schemas/configuration.ts';
import { usePanelPath, usePanelPathname } from '../common/panelPaths.ts';
import { menuIcon } from './menuIcons.tsx';
import { sectionOf } from './sections.ts';

export type MenuItem = z.infer<typeof menuItemSchema>;

const itemSx: ListItemButtonProps['sx'] = {
  borderRadius: 2,
  mx: 1,
  '&.Mui-selected': { color: 'primary.dark', '& .MuiListItemIcon-root': { color: 'primary.main' } },
};

/**
 * The sidebar: GET configuration/menu/admin, the items with isActive, in the server's order,
 * each linking to /admin/{section}. A 401 on it goes to /admin-login, a 403 to / (the data
 * provider's HttpError reaches authProvider.checkError). Logout ends the list.
 */
export function Menu() {
  const { data, isPending } = useGetList<MenuItem>('admin-menu', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: '', order: 'ASC' },
    filter: { isActive: true },
  });
  const current = sectionOf(usePanelPathname());
  const panel = usePanelPath();
  const logout = useLogout();

  return (
    <List component="div" sx={{ py: 1 }}>
      {isPending
        ? Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={36} sx={{ mx: 2, my: 1 }} />
          ))
        : (data ?? []).map((item) => {
            const Icon = menuIcon(item.icon);
            return (
              <ListItemButton
                key={item.id}
                component={LinkBase}
                to={panel(`/${item.section}`)}
                selected={current === item.section}
                aria-current={current === item.section ? 'page' : undefined}
                sx={itemSx}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={item.title} />
              </ListItemButton>
            );
          })}
      {/* Not among the server's 17 items: conversations and reviews came after the spec's menu. */}
      {!isPending && (
        <ListItemButton
          component={LinkBase}
          to={panel('/reported-conversations')}
          selected={current === 'reported-conversations'}
          aria-current={current === 'reported-conversations' ? 'page' : undefined}
          sx={itemSx}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <ForumIcon />
          </ListItemIcon>
          <ListItemText primary="Reported conversations" />
        </ListItemButton>
      )}
      {!isPending && (
        <ListItemButton
          component={LinkBase}
          to={panel('/reviews')}
          selected={current === 'reviews'}
          aria-current={current === 'reviews' ? 'page' : undefined}
          sx={itemSx}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <RateReviewIcon />
          </ListItemIcon>
          <ListItemText primary="Reported reviews" />
        </ListItemButton>
      )}
      <ListItemButton onClick={() => void logout()} sx={itemSx}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary="Logout" />
      </ListItemButton>
    </List>
  );
}
