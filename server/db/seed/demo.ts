import { count, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { roles } from '#shared/limits.ts';
import { register } from '../../auth/auth.service.ts';
import type { Deps } from '../../deps.ts';
import { listings, users } from '../schema/index.ts';
import { seedDemoListings } from './demo-listings.ts';

export const DEMO_PASSWORD = 'Spotted2026';
const DEMO_MARKER = 'maria.borg@example.mt';

const people = [
  {
    firstName: 'Maria',
    lastName: 'Borg',
    email: 'maria.borg@example.mt',
    city: 'Sliema',
    phone: '79123456',
  },
  {
    firstName: 'Joseph',
    lastName: 'Camilleri',
    email: 'joseph.camilleri@example.mt',
    city: 'Birkirkara',
    phone: '99234567',
  },
  {
    firstName: 'Luke',
    lastName: 'Vella',
    email: 'luke.vella@example.mt',
    city: 'Victoria',
    phone: '79345678',
  },
  {
    firstName: 'Sarah',
    lastName: 'Farrugia',
    email: 'sarah.farrugia@example.mt',
    city: 'Mosta',
    phone: '77456789',
  },
];

const dealers = [
  {
    name: 'Island Motors',
    email: 'sales@islandmotors.example.mt',
    city: 'Qormi',
    phone: '21441234',
    colour: '#0b5fff',
    cNumber: '45123',
    vatNumber: '20451234',
  },
  {
    name: 'Gozo Car Centre',
    email: 'info@gozocars.example.mt',
    city: 'Xewkija',
    phone: '21551234',
    colour: '#0a8f5a',
    cNumber: '51877',
    vatNumber: '21987654',
  },
  {
    name: 'Valletta Auto Imports',
    email: 'hello@vallettaauto.example.mt',
    city: 'Marsa',
    phone: '21231234',
    colour: '#c2410c',
    cNumber: '38002',
    vatNumber: '19876543',
  },
];

/** A simple generated logo: the dealer's initials on its colour. */
async function logo(name: string, colour: string): Promise<string> {
  const initials = name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" rx="48" fill="${colour}"/>
    <text x="128" y="152" font-family="sans-serif" font-size="84" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
  </svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

/**
 * A small, realistic marketplace for a fresh install: private sellers and dealers (password
 * DEMO_PASSWORD). Runs once: nothing happens when the first demo account already exists.
 */
export async function seedDemo(
  deps: Deps,
  starting: () => void = () => {},
): Promise<{ sellers: number; listings: number } | null> {
  const [seeded] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_MARKER));
  if (seeded) return null;
  starting();
  for (const p of people) {
    await register(
      deps,
      { ...p, password: DEMO_PASSWORD, address: '', dateOfBirth: null, firebaseToken: '' },
      roles.individual,
      { confirmed: true },
    );
  }
  for (const d of dealers) {
    await register(
      deps,
      {
        email: d.email,
        password: DEMO_PASSWORD,
        image: await logo(d.name, d.colour),
        firstName: d.name,
        lastName: '',
        phone: d.phone,
        phone2: '',
        phone3: '',
        city: d.city,
        address: 'Triq il-Kbira',
        cNumber: d.cNumber,
        vatNumber: d.vatNumber,
        firebaseToken: '',
      },
      roles.company,
      { confirmed: true },
    );
  }
  await seedDemoListings(deps);
  // Listings, not the edit requests some of them carry.
  const [made] = await deps.db
    .select({ n: count() })
    .from(listings)
    .where(isNull(listings.originalId));
  return { sellers: people.length + dealers.length, listings: made?.n ?? 0 };
}
