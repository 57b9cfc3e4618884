// Car listing enumerables (body, fuel, drivetrain, etc.) from the Spotted spec; ids start at 1.
import type { EnumerableKind } from '#shared/schemas/catalog.ts';
export interface EnumerableSeed {
  id: number;
  name: string;
}

const withIds = (names: readonly string[]): readonly EnumerableSeed[] =>
  names.map((name, index) => ({ id: index + 1, name }));

export const enumerables: Record<EnumerableKind, readonly EnumerableSeed[]> = {
  bodies: withIds([
    'Hatchback',
    'Sedan',
    'Estate',
    'SUV',
    'Coupe',
    'Convertible',
    'MPV',
    'Pick-up',
    'Van',
    'Minibus',
    'Kei car',
  ]),
  // Fixed ids: 1 Petrol, 2 Diesel, 3 Electric, 4 Hybrid (petrol), 5 Plug-in hybrid, 6 LPG,
  // 7 Hybrid (diesel).
  fuels: withIds([
    'Petrol',
    'Diesel',
    'Electric',
    'Hybrid (petrol)',
    'Plug-in hybrid',
    'LPG',
    'Hybrid (diesel)',
  ]),
  doorsNumber: withIds(['2', '3', '4', '5', '6+']),
  emissionClasses: withIds([
    'Euro 1',
    'Euro 2',
    'Euro 3',
    'Euro 4',
    'Euro 5',
    'Euro 6',
    'Euro 6d',
    'Euro 7',
    'Zero emission',
  ]),
  driveTrains: withIds([
    'Front-wheel drive (FWD)',
    'Rear-wheel drive (RWD)',
    'All-wheel drive (AWD)',
    'Four-wheel drive (4WD)',
  ]),
  transmissions: withIds(['Manual', 'Automatic', 'Semi-automatic', 'CVT']),
  // Malta drives on the left, so right-hand drive comes first.
  steeringWheelSides: withIds(['Right', 'Left']),
  acTypes: withIds([
    'None',
    'Manual A/C',
    'Automatic climate control',
    'Dual-zone climate control',
    'Multi-zone climate control',
  ]),
  origins: withIds([
    'Local (Malta)',
    'Imported from UK',
    'Imported from Japan',
    'Imported from EU',
    'Other',
  ]),
  colors: withIds([
    'Black',
    'White',
    'Silver',
    'Grey',
    'Blue',
    'Red',
    'Green',
    'Yellow',
    'Orange',
    'Brown',
    'Beige',
    'Gold',
    'Purple',
    'Other',
  ]),
  chargerTypes: withIds([
    'Type 1',
    'Type 2',
    'CCS',
    'CHAdeMO',
    'Tesla Supercharger',
    'Schuko (domestic)',
  ]),
};
