import BlockIcon from '@mui/icons-material/Block';
import CampaignIcon from '@mui/icons-material/Campaign';
import CarRepairIcon from '@mui/icons-material/CarRepair';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FactoryIcon from '@mui/icons-material/Factory';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory';
import MailIcon from '@mui/icons-material/Mail';
import NotesIcon from '@mui/icons-material/Notes';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RedeemIcon from '@mui/icons-material/Redeem';
import ReportIcon from '@mui/icons-material/Report';
import SettingsIcon from '@mui/icons-material/Settings';
import StarIcon from '@mui/icons-material/Star';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The MUI icons the menu may name (GET configuration/menu/admin answers icon names). Importing
 * the whole icon set would ship thousands of icons, so a new name is added here; an unknown name
 * shows a plain circle.
 */
const icons: Record<string, SvgIconComponent> = {
  Block: BlockIcon,
  Campaign: CampaignIcon,
  CarRepair: CarRepairIcon,
  DirectionsCar: DirectionsCarIcon,
  EditNote: EditNoteIcon,
  FactCheck: FactCheckIcon,
  Factory: FactoryIcon,
  Gavel: GavelIcon,
  History: HistoryIcon,
  Inventory: InventoryIcon,
  Mail: MailIcon,
  Notes: NotesIcon,
  Notifications: NotificationsIcon,
  PauseCircle: PauseCircleIcon,
  People: PeopleIcon,
  ReceiptLong: ReceiptLongIcon,
  Redeem: RedeemIcon,
  Report: ReportIcon,
  Settings: SettingsIcon,
  Star: StarIcon,
};

export const menuIcon = (name: string): SvgIconComponent => icons[name] ?? CircleOutlinedIcon;
