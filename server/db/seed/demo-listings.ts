import { and, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import pLimit from 'p-limit';
import { ELECTRIC_FUEL_ID, roles } from '#shared/limits.ts';
import type { EnumerableKind } from '#shared/schemas/catalog.ts';
import { listingPayloadSchema } from '#shared/schemas/listing-payload.ts';
import type { Caller } from '../../http/env.ts';
import type { Deps } from '../../deps.ts';
import { createListing } from '../../listings/listings.service.ts';
import {
  approveRequest,
  denyRequest,
  setTopSpotted,
  suspend,
} from '../../listings/moderation.service.ts';
import { reportListing } from '../../listings/reports.service.ts';
import {
  equipmentItems,
  listings,
  listingTypes,
  listingViewCounts,
  mailQueue,
  makes,
  models,
  safetyItems,
  users,
} from '../schema/index.ts';
import { carPhoto, type CarPhotoView, type CarShape } from './car-photo.ts';
import { enumerables } from './data/enumerables.ts';

/** The demo accounts of demo.ts, by a short name. */
const sellers = {
  maria: 'maria.borg@example.mt',
  joseph: 'joseph.camilleri@example.mt',
  luke: 'luke.vella@example.mt',
  sarah: 'sarah.farrugia@example.mt',
  island: 'sales@islandmotors.example.mt',
  gozo: 'info@gozocars.example.mt',
  valletta: 'hello@vallettaauto.example.mt',
} as const;
type Seller = keyof typeof sellers;

type Kit = 'basic' | 'mid' | 'high';
type Outcome = 'live' | 'pending' | 'denied' | 'suspended';

interface DemoCar {
  seller: Seller;
  make: string;
  model: string;
  title: string;
  year: number;
  price: number;
  /** The odometer as the seller knows it, in km (the descriptions speak km); listed in miles. */
  km: number;
  /** Names as in data/enumerables.ts. */
  fuel: string;
  body: string;
  transmission: string;
  colour: string;
  doors?: string;
  /** Engine size in cc (0 for electric cars). */
  cc: number;
  hp: number;
  /** Front-wheel drive unless told; none for electric cars. */
  drive?: string;
  ac: string;
  origin: string;
  steering?: string;
  /** Road licence: months from now until it expires; null = not registered yet. */
  licenceMonths: number | null;
  chassis?: string;
  /** Range in km, like the makers' sheets; listed in miles. */
  battery?: { kWh: number; range: number; charger: string };
  kit: Kit;
  safety?: string[];
  equipment?: string[];
  description: string[];
  type?: 'Premium' | 'Featured';
  outcome?: Outcome;
  top?: boolean;
  fixed?: boolean;
  finance?: boolean;
  firstOwner?: boolean;
}

const thisYear = new Date().getUTCFullYear();

const DENY_REASON =
  'Please remove the phone number from the title: buyers contact you through the Call and Message buttons. Edit the listing and submit it again.';
const SUSPEND_REPORT =
  'Misleading information - The car was sold last week, I called and the seller said it is gone but the advert is still up.';

/** About forty cars as they are sold in Malta: small Japanese imports, European hatchbacks, SUVs. */
const cars: DemoCar[] = [
  // Maria Borg, Sliema
  {
    seller: 'maria',
    make: 'Toyota',
    model: 'Vitz',
    title: 'Toyota Vitz 1.0 CVT, low mileage',
    year: 2014,
    price: 6900,
    km: 78_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Silver',
    cc: 996,
    hp: 69,
    ac: 'Manual A/C',
    origin: 'Imported from Japan',
    licenceMonths: 5,
    chassis: 'KSP130-2104377',
    kit: 'basic',
    equipment: ['Bluetooth', 'Keyless entry'],
    description: [
      'Imported from Japan in 2019, VRT paid.',
      'Very economical, perfect for Sliema parking.',
      'Japanese radio converted to English, reverse camera.',
      'Serviced every year, new battery in March.',
      'Viewing in Sliema after 6pm.',
    ],
    firstOwner: true,
  },
  {
    seller: 'maria',
    make: 'Kia',
    model: 'Picanto',
    title: 'Kia Picanto 1.0, first owner, agent car',
    year: 2019,
    price: 9500,
    km: 32_500,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'Red',
    cc: 998,
    hp: 67,
    ac: 'Manual A/C',
    origin: 'Local (Malta)',
    licenceMonths: 9,
    kit: 'basic',
    equipment: ['Bluetooth', 'Electric mirrors'],
    description: [
      'Bought new from the local agent, one owner from new.',
      'Full service history with the agent.',
      'Garage kept in Sliema, no scratches.',
      'Selling because I am moving abroad.',
    ],
    firstOwner: true,
    fixed: true,
  },
  {
    seller: 'maria',
    make: 'Honda',
    model: 'Fit',
    title: 'Honda Fit Hybrid 1.3, very economical',
    year: 2013,
    price: 5950,
    km: 112_000,
    fuel: 'Hybrid (petrol)',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'White',
    cc: 1339,
    hp: 98,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 2,
    chassis: 'GP1-1187421',
    kit: 'basic',
    description: [
      'Imported from Japan, VRT paid.',
      'Hybrid battery checked at the garage last month, all good.',
      'Around 22 km per litre in town.',
      'Two keys, manuals included.',
    ],
    outcome: 'pending',
  },
  // Joseph Camilleri, Birkirkara
  {
    seller: 'joseph',
    make: 'Volkswagen',
    model: 'Golf',
    title: 'VW Golf 1.6 TDI Highline',
    year: 2016,
    price: 11_500,
    km: 118_000,
    fuel: 'Diesel',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'Grey',
    cc: 1598,
    hp: 110,
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 7,
    kit: 'mid',
    equipment: ['Navigation', 'Alloy wheels', 'Cruise control'],
    description: [
      'UK import, registered in Malta in 2018.',
      'Full service history, cambelt done at 100,000 km.',
      'Very good on diesel, ideal for daily trips to Valletta.',
      'Price slightly negotiable, no exchanges.',
    ],
  },
  {
    seller: 'joseph',
    make: 'Nissan',
    model: 'Note',
    title: 'Nissan Note 2015 cheap!! call 99234567',
    year: 2015,
    price: 6500,
    km: 89_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Blue',
    cc: 1198,
    hp: 79,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 4,
    chassis: 'E12-318842',
    kit: 'basic',
    description: [
      'Imported from Japan, VRT paid.',
      'Spacious inside, big boot.',
      'Aircon ice cold, new tyres.',
    ],
    outcome: 'denied',
  },
  {
    seller: 'joseph',
    make: 'Suzuki',
    model: 'Swift',
    title: 'Suzuki Swift Sport 1.4 Boosterjet',
    year: 2019,
    price: 16_500,
    km: 41_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'Yellow',
    cc: 1373,
    hp: 140,
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 11,
    kit: 'mid',
    equipment: ['Navigation', 'Apple CarPlay', 'Android Auto', 'Alloy wheels', 'LED headlights'],
    description: [
      'Champion Yellow, the one everyone looks at in Birkirkara.',
      'UK import, first registered in Malta in 2020.',
      'Completely stock, never tracked, always serviced on time.',
      'Adult owned, garage kept.',
      'Serious buyers only please.',
    ],
    top: true,
    fixed: true,
  },
  // Luke Vella, Victoria (Gozo)
  {
    seller: 'luke',
    make: 'Toyota',
    model: 'Aqua',
    title: 'Toyota Aqua hybrid, Gozo car',
    year: 2016,
    price: 8250,
    km: 96_000,
    fuel: 'Hybrid (petrol)',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Blue',
    cc: 1496,
    hp: 100,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 6,
    chassis: 'NHP10-6482219',
    kit: 'basic',
    equipment: ['Bluetooth', 'Keyless entry', 'Keyless start'],
    description: [
      'Imported from Japan, VRT paid.',
      'Gozo car: mostly short trips between Victoria and Marsalforn.',
      'Very cheap to run, hybrid system in perfect condition.',
      'Happy to meet at Mgarr harbour for viewing.',
    ],
  },
  {
    seller: 'luke',
    make: 'Nissan',
    model: 'Leaf',
    title: 'Nissan Leaf 40 kWh, 12 bars',
    year: 2018,
    price: 13_900,
    km: 62_000,
    fuel: 'Electric',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'White',
    cc: 0,
    hp: 150,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 8,
    chassis: 'ZE1-020531',
    battery: { kWh: 40, range: 270, charger: 'CHAdeMO' },
    kit: 'mid',
    equipment: ['Navigation', 'Heated seats', 'Heated steering wheel'],
    description: [
      'Imported from Japan, VRT paid.',
      'Battery health 12/12 bars, report available.',
      'Charges at home overnight, Type 2 cable included.',
      'Cheap road licence and no fuel bills: it does Gozo from end to end for cents.',
    ],
  },
  // Sarah Farrugia, Mosta
  {
    seller: 'sarah',
    make: 'Hyundai',
    model: 'i10',
    title: 'Hyundai i10 1.0, ideal first car',
    year: 2017,
    price: 7200,
    km: 45_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'White',
    cc: 998,
    hp: 66,
    ac: 'Manual A/C',
    origin: 'Local (Malta)',
    licenceMonths: 10,
    kit: 'basic',
    description: [
      'Local car, bought new from the agent.',
      'Only 45,000 km, used by my daughter to go to university.',
      'Never been in an accident.',
      'Viewing in Mosta.',
    ],
    firstOwner: true,
  },
  {
    seller: 'sarah',
    make: 'Peugeot',
    model: '208',
    title: 'Peugeot 208 1.2 PureTech Allure automatic',
    year: 2020,
    price: 15_750,
    km: 28_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'Orange',
    cc: 1199,
    hp: 100,
    ac: 'Automatic climate control',
    origin: 'Imported from EU',
    licenceMonths: 3,
    kit: 'mid',
    equipment: ['Apple CarPlay', 'Android Auto', 'Digital cockpit', 'LED headlights'],
    description: [
      'Imported from Cyprus in 2021, right-hand drive.',
      'Serviced at the Peugeot agent every year.',
      'Garage kept in Mosta, like new.',
      'Part exchange considered.',
    ],
  },
  {
    seller: 'sarah',
    make: 'Toyota',
    model: 'C-HR',
    title: 'Toyota C-HR 1.8 Hybrid',
    year: 2018,
    price: 19_500,
    km: 58_000,
    fuel: 'Hybrid (petrol)',
    body: 'SUV',
    transmission: 'CVT',
    colour: 'Red',
    cc: 1798,
    hp: 122,
    ac: 'Dual-zone climate control',
    origin: 'Imported from Japan',
    licenceMonths: 8,
    chassis: 'ZYX10-2098813',
    kit: 'mid',
    equipment: ['Navigation', 'Alloy wheels', 'Keyless start'],
    description: [
      'Imported from Japan, VRT paid.',
      'Toyota Safety Sense, adaptive cruise, lane assist.',
      'Full service history, serviced at Toyota in Mosta.',
      'Selling because we need a seven-seater.',
    ],
  },
  // Island Motors, Qormi
  {
    seller: 'island',
    make: 'Toyota',
    model: 'Yaris',
    title: 'Toyota Yaris 1.5 Hybrid Design, 1 year warranty',
    year: 2021,
    price: 18_950,
    km: 22_000,
    fuel: 'Hybrid (petrol)',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Red',
    cc: 1490,
    hp: 116,
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Apple CarPlay', 'Android Auto', 'Digital cockpit', 'Head-up display'],
    description: [
      'UK import, VRT and registration included in the price.',
      'One owner from new, full Toyota service history.',
      '12 months warranty, finance available with a 10% deposit.',
      'Part exchange welcome.',
      'Showroom open Monday to Saturday in Qormi.',
    ],
    type: 'Premium',
    top: true,
    finance: true,
  },
  {
    seller: 'island',
    make: 'Nissan',
    model: 'Juke',
    title: 'Nissan Juke 1.0 DIG-T N-Connecta DCT',
    year: 2020,
    price: 17_900,
    km: 35_000,
    fuel: 'Petrol',
    body: 'SUV',
    transmission: 'Semi-automatic',
    colour: 'Black',
    cc: 999,
    hp: 117,
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Navigation', 'Apple CarPlay', 'Alloy wheels', 'LED headlights'],
    description: [
      'UK import, new shape Juke.',
      'Serviced and valeted before sale, new front tyres.',
      '12 months warranty included.',
      'Bank finance arranged on the spot.',
    ],
    type: 'Featured',
    finance: true,
  },
  {
    seller: 'island',
    make: 'Kia',
    model: 'Sportage',
    title: 'Kia Sportage 1.6 T-GDi Hybrid GT-Line AWD',
    year: 2022,
    price: 33_500,
    km: 18_000,
    fuel: 'Hybrid (petrol)',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'Grey',
    cc: 1598,
    hp: 230,
    drive: 'All-wheel drive (AWD)',
    ac: 'Dual-zone climate control',
    origin: 'Imported from EU',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Panoramic roof', 'Electric tailgate', 'Ventilated seats', 'Wireless charging'],
    description: [
      'Imported from Ireland, right-hand drive, registered in Malta.',
      'Remaining manufacturer warranty until 2029.',
      'Panoramic roof, 360 camera, heated and ventilated seats.',
      'Finance available, trade-ins accepted.',
    ],
    type: 'Featured',
    finance: true,
  },
  {
    seller: 'island',
    make: 'Toyota',
    model: 'Vitz',
    title: 'Toyota Vitz 1.3 F Safety Edition',
    year: 2017,
    price: 8450,
    km: 64_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'White',
    cc: 1329,
    hp: 99,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 12,
    chassis: 'NSP130-2269014',
    kit: 'mid',
    description: [
      'Fresh import from Japan, auction grade 4.5.',
      'VRT paid, registered and ready to drive away.',
      'English navigation, reverse camera, two keys.',
      '6 months warranty.',
    ],
    finance: true,
  },
  {
    seller: 'island',
    make: 'Suzuki',
    model: 'Swift',
    title: 'Suzuki Swift 1.2 RS CVT',
    year: 2017,
    price: 9250,
    km: 55_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Blue',
    cc: 1242,
    hp: 91,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 12,
    chassis: 'ZC83S-104522',
    kit: 'mid',
    equipment: ['Alloy wheels', 'LED headlights'],
    description: [
      'Imported from Japan, VRT paid.',
      'RS model with sport suspension and alloys.',
      'Reverse camera and English navigation fitted.',
      'Finance available.',
    ],
    finance: true,
  },
  {
    seller: 'island',
    make: 'Toyota',
    model: 'Aqua',
    title: 'Toyota Aqua S hybrid, fresh import',
    year: 2018,
    price: 10_450,
    km: 71_000,
    fuel: 'Hybrid (petrol)',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Silver',
    cc: 1496,
    hp: 100,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: null,
    chassis: 'NHP10-6733108',
    kit: 'mid',
    description: [
      'Just landed from Japan, auction sheet available.',
      'Price includes VRT and registration: we register it in your name.',
      'Hybrid battery tested, 6 months warranty.',
    ],
    finance: true,
  },
  {
    seller: 'island',
    make: 'Honda',
    model: 'Fit',
    title: 'Honda Fit 1.3 Home, reverse camera',
    year: 2019,
    price: 11_950,
    km: 39_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'CVT',
    colour: 'Grey',
    cc: 1317,
    hp: 100,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 12,
    chassis: 'GK3-3428017',
    kit: 'mid',
    description: [
      'Imported from Japan, VRT paid.',
      'Magic seats: fits a bicycle in the back.',
      'Honda Sensing safety pack.',
      '6 months warranty, finance available.',
    ],
    finance: true,
  },
  {
    seller: 'island',
    make: 'Hyundai',
    model: 'Tucson',
    title: 'Hyundai Tucson 1.6 CRDi Premium auto',
    year: 2019,
    price: 22_500,
    km: 67_000,
    fuel: 'Diesel',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'White',
    cc: 1598,
    hp: 136,
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Leather seats', 'Heated seats', 'Tow bar', 'Roof rails'],
    description: [
      'UK import, full Hyundai service history.',
      'Leather, heated seats, navigation, reverse camera.',
      'Tow bar fitted, great for the boat trailer.',
      '12 months warranty, finance available.',
    ],
    finance: true,
  },
  {
    seller: 'island',
    make: 'Nissan',
    model: 'Note',
    title: 'Nissan Note e-Power X',
    year: 2019,
    price: 10_900,
    km: 48_000,
    fuel: 'Hybrid (petrol)',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'White',
    cc: 1198,
    hp: 109,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: null,
    chassis: 'HE12-271550',
    kit: 'mid',
    description: [
      'Drives like an electric car, no charging needed.',
      'Fresh import from Japan, VRT included in the price.',
      'Around-view camera, cruise control.',
    ],
    outcome: 'pending',
    finance: true,
  },
  {
    seller: 'island',
    make: 'Mazda',
    model: 'CX-5',
    title: 'Mazda CX-5 2.2d Sport Nav auto',
    year: 2017,
    price: 17_500,
    km: 89_000,
    fuel: 'Diesel',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'Red',
    cc: 2191,
    hp: 150,
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    description: [
      'Soul Red, UK import, full service history.',
      'Leather, Bose sound system, head-up display.',
      'Finance available.',
    ],
    outcome: 'suspended',
    finance: true,
  },
  // Gozo Car Centre, Xewkija
  {
    seller: 'gozo',
    make: 'Tesla',
    model: 'Model 3',
    title: 'Tesla Model 3 Long Range AWD',
    year: 2021,
    price: 32_900,
    km: 45_000,
    fuel: 'Electric',
    body: 'Sedan',
    transmission: 'Automatic',
    colour: 'White',
    doors: '4',
    cc: 0,
    hp: 440,
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    battery: { kWh: 75, range: 560, charger: 'CCS' },
    kit: 'high',
    equipment: ['Panoramic roof', 'Heated seats', 'Premium sound system', 'Wireless charging'],
    description: [
      'Long Range dual motor, Autopilot.',
      'UK import, right-hand drive, registered in Malta.',
      'Battery and drive unit warranty until 2029.',
      'Free home charger installation in Gozo with this car.',
      'Ferry ticket refunded if you buy after viewing.',
    ],
    type: 'Premium',
    top: true,
    finance: true,
  },
  {
    seller: 'gozo',
    make: 'MG',
    model: 'ZS EV',
    title: 'MG ZS EV Long Range Trophy',
    year: 2022,
    price: 24_500,
    km: 24_000,
    fuel: 'Electric',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'Blue',
    cc: 0,
    hp: 156,
    ac: 'Automatic climate control',
    origin: 'Local (Malta)',
    licenceMonths: 12,
    battery: { kWh: 72.6, range: 440, charger: 'CCS' },
    kit: 'high',
    equipment: ['Panoramic roof', 'Apple CarPlay', 'Android Auto', 'Leather seats'],
    description: [
      'Local car, bought new in Malta, one owner.',
      'Still under the 7 year MG warranty.',
      'Panoramic roof, leather, 360 camera.',
      'Finance available through local banks.',
    ],
    type: 'Featured',
    finance: true,
    firstOwner: true,
  },
  {
    seller: 'gozo',
    make: 'Kia',
    model: 'Picanto',
    title: 'Kia Picanto 1.0 GT-Line AMT',
    year: 2021,
    price: 12_750,
    km: 19_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Semi-automatic',
    colour: 'Green',
    cc: 998,
    hp: 67,
    ac: 'Automatic climate control',
    origin: 'Local (Malta)',
    licenceMonths: 12,
    kit: 'mid',
    equipment: ['Apple CarPlay', 'Android Auto', 'Alloy wheels'],
    description: [
      'Agent car, balance of the 7 year Kia warranty.',
      'GT-Line with sport bumpers and alloys.',
      'Only 19,000 km, mostly Gozo driving.',
    ],
    type: 'Featured',
    finance: true,
  },
  {
    seller: 'gozo',
    make: 'Toyota',
    model: 'Yaris',
    title: 'Toyota Yaris 1.0, cheap runabout',
    year: 2012,
    price: 5500,
    km: 104_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'Silver',
    cc: 998,
    hp: 69,
    ac: 'Manual A/C',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'basic',
    description: [
      'UK import, registered in Malta since 2014.',
      'Reliable and cheap to insure.',
      'Fresh service and new clutch.',
    ],
  },
  {
    seller: 'gozo',
    make: 'Suzuki',
    model: 'Jimny',
    title: 'Suzuki Jimny 1.5 SZ5 4x4',
    year: 2019,
    price: 27_500,
    km: 38_000,
    fuel: 'Petrol',
    body: 'SUV',
    transmission: 'Manual',
    colour: 'Green',
    doors: '3',
    cc: 1462,
    hp: 102,
    drive: 'Four-wheel drive (4WD)',
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'mid',
    equipment: ['Navigation', 'Cruise control', 'Heated seats'],
    description: [
      'Jungle Green, the proper little 4x4.',
      'Never been off-road apart from the Dwejra track.',
      'UK import, full service history.',
      'Rare to find, these hold their value.',
    ],
    fixed: true,
  },
  {
    seller: 'gozo',
    make: 'Hyundai',
    model: 'i10',
    title: 'Hyundai i10 1.0 Classic',
    year: 2014,
    price: 4950,
    km: 92_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'Silver',
    cc: 998,
    hp: 66,
    ac: 'Manual A/C',
    origin: 'Local (Malta)',
    licenceMonths: 12,
    kit: 'basic',
    description: [
      'Local car, two owners.',
      'Just serviced, new brakes all round.',
      'Ideal for learners or as a second car.',
    ],
  },
  {
    seller: 'gozo',
    make: 'Nissan',
    model: 'Leaf',
    title: 'Nissan Leaf 30 kWh Tekna',
    year: 2016,
    price: 7950,
    km: 85_000,
    fuel: 'Electric',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'Black',
    cc: 0,
    hp: 109,
    ac: 'Automatic climate control',
    origin: 'Imported from Japan',
    licenceMonths: 12,
    chassis: 'AZE0-207731',
    battery: { kWh: 30, range: 200, charger: 'CHAdeMO' },
    kit: 'mid',
    equipment: ['Navigation', 'Heated seats', 'Premium sound system'],
    description: [
      'Imported from Japan, VRT paid.',
      'Battery health 10/12 bars, still does around 150 km in real driving.',
      'Perfect for Gozo: Victoria to Mgarr and back all week on one charge.',
    ],
  },
  {
    seller: 'gozo',
    make: 'Volkswagen',
    model: 'Polo',
    title: 'VW Polo 1.0 TSI Beats',
    year: 2018,
    price: 12_900,
    km: 61_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Manual',
    colour: 'White',
    cc: 999,
    hp: 95,
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'mid',
    equipment: ['Premium sound system', 'Apple CarPlay', 'Alloy wheels'],
    description: [
      'Beats edition with the upgraded sound system.',
      'UK import, VW service history.',
      'Finance available, part exchange welcome.',
    ],
    finance: true,
  },
  {
    seller: 'gozo',
    make: 'Toyota',
    model: 'Vitz',
    title: 'Toyota Vitz 1.0 auto, runs perfect',
    year: 2010,
    price: 3500,
    km: 128_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'Beige',
    cc: 996,
    hp: 69,
    ac: 'Manual A/C',
    origin: 'Imported from Japan',
    licenceMonths: 12,
    chassis: 'KSP90-5198834',
    kit: 'basic',
    equipment: [],
    description: [
      'Old but gold: starts every time, aircon works.',
      'Sold as seen, road licence paid for a full year.',
      'Cheapest way to get around Gozo.',
    ],
    fixed: true,
  },
  // Valletta Auto Imports, Marsa
  {
    seller: 'valletta',
    make: 'BMW',
    model: '3 Series',
    title: 'BMW 320d M Sport auto',
    year: 2020,
    price: 34_900,
    km: 52_000,
    fuel: 'Diesel',
    body: 'Sedan',
    transmission: 'Automatic',
    colour: 'Black',
    doors: '4',
    cc: 1995,
    hp: 190,
    drive: 'Rear-wheel drive (RWD)',
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Leather seats', 'Electric seats', 'Head-up display', 'Premium sound system'],
    description: [
      'G20 shape 320d M Sport, Live Cockpit Professional.',
      'UK import, full BMW service history, two keys.',
      'Harman Kardon, head-up display, heated leather.',
      '12 months warranty, finance from €450 a month.',
      'Viewing at our showroom in Marsa, by appointment on Sundays.',
    ],
    type: 'Premium',
    top: true,
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'Mercedes-Benz',
    model: 'A-Class',
    title: 'Mercedes-Benz A180d AMG Line',
    year: 2019,
    price: 24_750,
    km: 60_000,
    fuel: 'Diesel',
    body: 'Hatchback',
    transmission: 'Semi-automatic',
    colour: 'Grey',
    cc: 1461,
    hp: 116,
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Digital cockpit', 'Apple CarPlay', 'Alloy wheels', 'LED headlights'],
    description: [
      'AMG Line with the widescreen MBUX cockpit.',
      'UK import, Mercedes service history.',
      'Very economical diesel, around 4.5 l/100 km.',
      '12 months warranty, finance available.',
    ],
    type: 'Featured',
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'Volkswagen',
    model: 'Golf',
    title: 'VW Golf 8 1.5 eTSI Life DSG',
    year: 2021,
    price: 27_900,
    km: 21_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Semi-automatic',
    colour: 'Blue',
    cc: 1498,
    hp: 150,
    ac: 'Dual-zone climate control',
    origin: 'Imported from EU',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Digital cockpit', 'Wireless charging', 'Keyless start'],
    description: [
      'Imported from Ireland, right-hand drive.',
      'Serviced at the VW agent, extended warranty available.',
      'Travel Assist, adaptive cruise, LED headlights.',
      'Finance available, trade-ins accepted.',
    ],
    type: 'Featured',
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'BMW',
    model: '1 Series',
    title: 'BMW 118i Sport auto',
    year: 2017,
    price: 15_950,
    km: 74_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Automatic',
    colour: 'White',
    cc: 1499,
    hp: 136,
    drive: 'Rear-wheel drive (RWD)',
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'mid',
    equipment: ['Navigation', 'Alloy wheels', 'Cruise control'],
    description: [
      'The last rear-wheel drive 1 Series.',
      'UK import, BMW service history.',
      'Finance available.',
    ],
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'Peugeot',
    model: '3008',
    title: 'Peugeot 3008 1.5 BlueHDi GT Line EAT8',
    year: 2020,
    price: 23_500,
    km: 46_000,
    fuel: 'Diesel',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'Grey',
    cc: 1499,
    hp: 130,
    ac: 'Dual-zone climate control',
    origin: 'Imported from EU',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Digital cockpit', 'Electric tailgate', 'Panoramic roof'],
    description: [
      'Imported from Cyprus, right-hand drive.',
      'i-Cockpit, panoramic roof, electric tailgate.',
      'Spacious family SUV, huge boot.',
      '12 months warranty.',
    ],
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'Tesla',
    model: 'Model 3',
    title: 'Tesla Model 3 RWD, left-hand drive',
    year: 2023,
    price: 33_900,
    km: 12_000,
    fuel: 'Electric',
    body: 'Sedan',
    transmission: 'Automatic',
    colour: 'Red',
    doors: '4',
    cc: 0,
    hp: 283,
    ac: 'Dual-zone climate control',
    origin: 'Imported from EU',
    steering: 'Left',
    licenceMonths: 12,
    battery: { kWh: 60, range: 491, charger: 'CCS' },
    kit: 'high',
    equipment: ['Panoramic roof', 'Heated seats', 'Wireless charging'],
    description: [
      'Imported from Germany: left-hand drive, hence the price.',
      'Multi-Coat Red, white interior.',
      'Tesla warranty until 2027, battery until 2031.',
      'Finance available.',
    ],
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'Mercedes-Benz',
    model: 'A-Class',
    title: 'Mercedes-Benz A250e plug-in hybrid',
    year: 2023,
    price: 39_500,
    km: 9000,
    fuel: 'Plug-in hybrid',
    body: 'Hatchback',
    transmission: 'Semi-automatic',
    colour: 'Silver',
    cc: 1332,
    hp: 218,
    ac: 'Dual-zone climate control',
    origin: 'Imported from EU',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Digital cockpit', 'Keyless start', 'Wireless charging'],
    description: [
      'Around 60 km on electric only: most of Malta without using petrol.',
      'Imported from Ireland, right-hand drive.',
      'Mercedes service history, extended warranty available.',
      'Low road licence thanks to the low emissions.',
    ],
    finance: true,
  },
  {
    seller: 'valletta',
    make: 'BMW',
    model: '3 Series',
    title: 'BMW 320i SE, classic E90',
    year: 2009,
    price: 6750,
    km: 142_000,
    fuel: 'Petrol',
    body: 'Sedan',
    transmission: 'Manual',
    colour: 'Silver',
    doors: '4',
    cc: 1995,
    hp: 170,
    drive: 'Rear-wheel drive (RWD)',
    ac: 'Automatic climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'basic',
    equipment: ['Cruise control', 'Alloy wheels'],
    description: [
      'Well kept E90, registered in Malta since 2012.',
      'Timing chain and clutch done, receipts available.',
      'Sold with a fresh VRT test.',
    ],
  },
  {
    seller: 'valletta',
    make: 'Volkswagen',
    model: 'Golf',
    title: 'VW Golf GTI 2.0 TFSI DSG',
    year: 2008,
    price: 8900,
    km: 155_000,
    fuel: 'Petrol',
    body: 'Hatchback',
    transmission: 'Semi-automatic',
    colour: 'Red',
    doors: '3',
    cc: 1984,
    hp: 200,
    ac: 'Dual-zone climate control',
    origin: 'Imported from UK',
    licenceMonths: 12,
    kit: 'basic',
    equipment: ['Alloy wheels', 'Heated seats'],
    description: [
      'Mk5 GTI, tartan seats, original and unmodified.',
      'DSG serviced, new clutch pack.',
      'A future classic.',
    ],
  },
  {
    seller: 'valletta',
    make: 'Mercedes-Benz',
    model: 'GLC',
    title: 'Mercedes-Benz GLC 220d 4MATIC, ex-demo',
    year: thisYear,
    price: 55_000,
    km: 1500,
    fuel: 'Diesel',
    body: 'SUV',
    transmission: 'Automatic',
    colour: 'Black',
    cc: 1993,
    hp: 197,
    drive: 'All-wheel drive (AWD)',
    ac: 'Multi-zone climate control',
    origin: 'Imported from EU',
    licenceMonths: 12,
    kit: 'high',
    equipment: ['Panoramic roof', 'Electric tailgate', 'Head-up display', 'Tow bar'],
    description: [
      'Ex-demo with only 1,500 km, full manufacturer warranty.',
      'AMG Line Premium Plus, panoramic roof, Burmester sound.',
      'Save thousands compared to new.',
      'Finance and trade-ins welcome.',
    ],
    fixed: true,
    finance: true,
  },
];

const kits: Record<Kit, { safety: string[]; equipment: string[] }> = {
  basic: {
    safety: ['ABS', 'ESP', 'Airbags (driver)', 'Airbags (passenger)', 'ISOFIX'],
    equipment: ['Air conditioning', 'Electric windows', 'Electric mirrors'],
  },
  mid: {
    safety: [
      'ABS',
      'ESP',
      'Airbags (driver)',
      'Airbags (passenger)',
      'Side airbags',
      'Curtain airbags',
      'ISOFIX',
      'Reversing camera',
      'Parking sensors (rear)',
      'Hill start assist',
    ],
    equipment: [
      'Air conditioning',
      'Bluetooth',
      'Electric windows',
      'Electric mirrors',
      'Folding mirrors',
      'Start/stop',
    ],
  },
  high: {
    safety: [
      'ABS',
      'ESP',
      'Airbags (driver)',
      'Airbags (passenger)',
      'Side airbags',
      'Curtain airbags',
      'Knee airbag',
      'ISOFIX',
      'Lane assist',
      'Blind spot monitor',
      'Emergency brake assist',
      'Adaptive cruise control',
      'Parking sensors (rear)',
      'Parking sensors (front)',
      'Reversing camera',
      'Tyre pressure monitoring',
      'Traffic sign recognition',
    ],
    equipment: [
      'Air conditioning',
      'Navigation',
      'Bluetooth',
      'Apple CarPlay',
      'Android Auto',
      'Cruise control',
      'Alloy wheels',
      'Keyless entry',
      'Electric windows',
      'Electric mirrors',
      'Folding mirrors',
      'LED headlights',
      'Rain sensor',
      'Automatic headlights',
    ],
  },
};

/** The photos of a listing: five views, then extra shots for some. */
const shots: { view: CarPhotoView; label: string }[] = [
  { view: 'side', label: 'Side view' },
  { view: 'front', label: 'Front' },
  { view: 'rear', label: 'Rear' },
  { view: 'interior', label: 'Interior' },
  { view: 'detail', label: 'Wheels & tyres' },
  { view: 'side', label: 'On the seafront' },
  { view: 'front', label: 'Ready for viewing' },
];

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The id of an enumerable by its name (ids follow data/enumerables.ts). */
function enumId(kind: EnumerableKind, name: string): number {
  const item = enumerables[kind].find((e) => e.name === name);
  if (!item) throw new Error(`demo listings: no ${kind} named "${name}"`);
  return item.id;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY';
const manufacturerCodes: Record<string, string> = {
  Volkswagen: 'WVW',
  BMW: 'WBA',
  'Mercedes-Benz': 'W1K',
  Peugeot: 'VF3',
  Tesla: 'LRW',
  MG: 'LSJ',
  Kia: 'U5Y',
  Hyundai: 'TMA',
  Toyota: 'SB1',
  Nissan: 'SJN',
  Suzuki: 'TSM',
  Mazda: 'JMZ',
};

/** A plausible 17-character VIN for a European-market car. */
function vin(make: string, year: number, random: () => number): string {
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)];
  const wmi = manufacturerCodes[make] ?? 'WF0';
  const yearCode = year < 2010 ? String(year - 2000) : (VIN_YEARS[year - 2010] ?? 'A');
  let vds = '';
  for (let i = 0; i < 6; i++) vds += pick(VIN_CHARS);
  const serial = String(Math.floor(random() * 900_000) + 100_000);
  return `${wmi}${vds}${pick('0123456789X')}${yearCode}${pick(VIN_CHARS)}${serial}`;
}

/** 'MM.yyyy' `months` from `now`. */
function monthsAhead(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

/** The drawn silhouette of a body type. */
function shapeOf(body: string): CarShape {
  if (['Sedan', 'Coupe', 'Convertible'].includes(body)) return 'sedan';
  if (['SUV', 'Pick-up', 'MPV', 'Van', 'Minibus'].includes(body)) return 'suv';
  return 'hatchback';
}

/** The photos of the demo cars, car by car (duplicate detection is measured on them). */
export const demoPhotos = () => pLimit(1).map(cars, (car, index) => photosOf(car, index));

function photosOf(car: DemoCar, index: number) {
  const count = 5 + ([0, 1, 0, 2, 0][index % 5] ?? 0);
  return pLimit(2).map(shots.slice(0, count), async (shot, k) => ({
    image: await carPhoto({
      colour: car.colour,
      view: shot.view,
      label: `${car.make} ${car.model} ${car.year} · ${shot.label}`,
      seed: (index + 1) * 16 + k,
      shape: shapeOf(car.body),
    }),
    isCover: k === 0,
    name: `${car.model.toLowerCase().replace(/\W+/g, '-')}-${k + 1}.jpg`,
  }));
}

/** Spotted lists every distance in miles (the spec's unit). */
const miles = (km: number) => Math.round(km / 1.609344);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long ago a car was listed: promoted and pending ones are recent, the rest spread out. */
function ageOf(car: DemoCar, random: () => number): number {
  if (car.outcome === 'pending') return (2 + random() * 20) * HOUR;
  if (car.outcome === 'denied') return (2 + random() * 3) * DAY;
  if (car.type) return (1 + random() * 8) * DAY;
  return (1 + random() * 44) * DAY;
}

/**
 * About forty listings of the demo sellers (demo.ts), with generated photos: most live, a few
 * promoted (within each dealer's welcome credits) or 'Top Spotted', two pending, one denied and
 * one suspended. Deterministic apart from the dates, which are relative to now. Does nothing when
 * the demo sellers already have listings.
 */
export async function seedDemoListings(deps: Deps): Promise<void> {
  const { db } = deps;
  const people = await db
    .select({ id: users.id, email: users.email, roleId: users.roleId })
    .from(users)
    .where(inArray(users.email, Object.values(sellers)));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const callerOf = (seller: Seller): Caller => {
    const user = byEmail.get(sellers[seller]);
    if (!user) throw new Error(`demo listings: the demo account ${sellers[seller]} is missing`);
    return { id: user.id, roleId: user.roleId, email: user.email, sessionFamily: 'seed' };
  };
  const [existing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      inArray(
        listings.userId,
        people.map((p) => p.id),
      ),
    )
    .limit(1);
  if (existing || !people.length) return;

  const [adminUser] = await db
    .select({ id: users.id, roleId: users.roleId, email: users.email })
    .from(users)
    .where(and(eq(users.roleId, roles.admin), isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(1);
  if (!adminUser) throw new Error('demo listings: an administrator is needed to approve them');
  const admin: Caller = { ...adminUser, sessionFamily: 'seed' };

  const modelRows = await db
    .select({ makeId: makes.id, make: makes.name, modelId: models.id, model: models.name })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId));
  const modelOf = (car: DemoCar) => {
    const row = modelRows.find((m) => m.make === car.make && m.model === car.model);
    if (!row) throw new Error(`demo listings: no ${car.make} ${car.model} in the reference data`);
    return row;
  };
  const named = async (table: typeof safetyItems | typeof equipmentItems) =>
    new Map((await db.select().from(table)).map((r) => [r.name, r.id]));
  const safetyIds = await named(safetyItems);
  const equipmentIds = await named(equipmentItems);
  const idsOf = (map: Map<string, number>, names: string[]) =>
    [...new Set(names)].map((name) => {
      const id = map.get(name);
      if (id === undefined) throw new Error(`demo listings: no feature named "${name}"`);
      return id;
    });
  const types = new Map(
    (await db.select().from(listingTypes)).map((t) => [t.name, { id: t.id, price: t.price }]),
  );
  const typeOf = (name: string) => {
    const type = types.get(name);
    if (!type) throw new Error(`demo listings: no listing type "${name}"`);
    return type;
  };
  const [mail] = await db.select({ last: max(mailQueue.id) }).from(mailQueue);
  const lastMail = mail?.last ?? 0;

  const random = prng(20_260_412);
  const now = new Date();
  // Oldest first, so that ids grow with the dates like on a real site.
  const plan = cars
    .map((car, index) => ({ car, index, age: ageOf(car, random), chassisSeed: random() }))
    .sort((a, b) => b.age - a.age);

  const created: { id: number; car: DemoCar; age: number; typeId: number }[] = [];
  const photosFor = (position: number) => {
    const entry = plan[position];
    return entry ? photosOf(entry.car, entry.index) : Promise.resolve([]);
  };
  let next = photosFor(0);
  for (const [position, { car, age, chassisSeed }] of plan.entries()) {
    const images = await next;
    // The next car's photos render while this one is stored.
    next = photosFor(position + 1);
    void next.catch(() => undefined);

    const caller = callerOf(car.seller);
    let type = typeOf(car.type ?? 'Standard');
    if (type.price > 0) {
      const [wallet] = await db
        .select({ balance: users.balance })
        .from(users)
        .where(eq(users.id, caller.id));
      if ((wallet?.balance ?? 0) < type.price) type = typeOf('Standard');
    }
    const electric = enumId('fuels', car.fuel) === ELECTRIC_FUEL_ID;
    const kit = kits[car.kit];
    const { makeId, modelId } = modelOf(car);
    const payload = listingPayloadSchema.parse({
      images,
      brand: makeId,
      model: modelId,
      title: car.title,
      body: enumId('bodies', car.body),
      fuel: enumId('fuels', car.fuel),
      doorNumber: enumId('doorsNumber', car.doors ?? (car.body === 'Sedan' ? '4' : '5')),
      emissionClass: enumId(
        'emissionClasses',
        electric
          ? 'Zero emission'
          : car.year >= 2020
            ? 'Euro 6d'
            : car.year >= 2015
              ? 'Euro 6'
              : car.year >= 2011
                ? 'Euro 5'
                : 'Euro 4',
      ),
      driveTrain: electric ? null : enumId('driveTrains', car.drive ?? 'Front-wheel drive (FWD)'),
      transmission: enumId('transmissions', car.transmission),
      steeringWheelSide: enumId('steeringWheelSides', car.steering ?? 'Right'),
      acType: enumId('acTypes', car.ac),
      origin: enumId('origins', car.origin),
      carColor: enumId('colors', car.colour),
      adTypeId: type.id,
      price: car.price,
      cubics: electric ? 0 : car.cc,
      batteryCapacity: car.battery?.kWh ?? 0,
      batteryRange: miles(car.battery?.range ?? 0),
      chargerType: car.battery ? enumId('chargerTypes', car.battery.charger) : null,
      power: car.hp,
      millage: miles(car.km),
      year: car.year,
      registrationExpiration:
        car.licenceMonths === null ? null : monthsAhead(now, car.licenceMonths),
      chassisNumber:
        car.chassis ??
        (chassisSeed < 0.7 ? vin(car.make, car.year, prng(Math.floor(chassisSeed * 1e9))) : null),
      description: car.description.join('\n'),
      currency: '€',
      isFixedPrice: car.fixed ?? false,
      isDirectFinanceAvailable: car.finance ?? false,
      isFirstOwner: car.firstOwner ?? false,
      isRedPlate: false,
      safety: idsOf(safetyIds, [...kit.safety, ...(car.safety ?? [])]),
      equipment: idsOf(equipmentIds, [...kit.equipment, ...(car.equipment ?? [])]),
      categoryId: 1,
      personalDataAgreement: true,
    });
    const { id } = await createListing(deps, caller, payload);
    created.push({ id, car, age, typeId: type.id });

    const outcome = car.outcome ?? 'live';
    if (outcome === 'denied') await denyRequest(deps, admin, id, DENY_REASON);
    if (outcome === 'live' || outcome === 'suspended') await approveRequest(deps, admin, id);
    if (outcome === 'suspended') {
      const reporter = callerOf('sarah');
      await reportListing(
        db,
        id,
        { userId: reporter.id, ip: 'demo-data' },
        { message: SUSPEND_REPORT, ground: 'terms' },
        deps.config.REPORTS_TO_HIDE,
        deps.config.PUBLIC_URL,
      );
      await suspend(deps, admin, id);
    }
  }

  // Top Spotted, in the order the cars appear above.
  for (const { id, car } of created
    .filter((c) => c.car.top)
    .sort((a, b) => cars.indexOf(a.car) - cars.indexOf(b.car))) {
    if ((car.outcome ?? 'live') === 'live') await setTopSpotted(deps, admin, id, true);
  }

  // Dates spread over the last weeks; views grow with age (and more for promoted cars).
  for (const { id, car, age, typeId } of created) {
    const createdAt = new Date(now.getTime() - age);
    const reviewed = new Date(createdAt.getTime() + (1 + random() * 8) * HOUR);
    const outcome = car.outcome ?? 'live';
    const days = age / DAY;
    const boost = typeId === typeOf('Premium').id ? 4 : typeId === typeOf('Featured').id ? 2.5 : 1;
    await db
      .update(listings)
      .set({
        createdAt,
        updatedAt:
          outcome === 'pending'
            ? createdAt
            : outcome === 'suspended'
              ? new Date(now.getTime() - (2 + random() * 10) * HOUR)
              : reviewed,
        publishedAt: outcome === 'live' || outcome === 'suspended' ? reviewed : null,
      })
      .where(eq(listings.id, id));
    if (outcome !== 'pending' && outcome !== 'denied') {
      const views = Math.round((8 + days * (6 + random() * 14)) * boost);
      await db.insert(listingViewCounts).values({ listingId: id, views });
    }
  }

  // The demo addresses are not real mailboxes: drop the notices queued while seeding.
  await db
    .delete(mailQueue)
    .where(
      and(
        gt(mailQueue.id, lastMail),
        inArray(mailQueue.to, Object.values(sellers)),
        isNull(mailQueue.sentAt),
      ),
    );
}
