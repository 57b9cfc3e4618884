import PeopleIcon from '@mui/icons-material/People';
import { UserList, type UserRow } from './UserList.tsx';

export default {
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (user: UserRow) => user.email,
  options: { label: 'Users' },
};
