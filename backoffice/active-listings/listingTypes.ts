/** The listing types a card's typeId names (DESIGN.md: 1 Premium, 2 Featured, 3 Standard). */
const names: Record<number, string> = { 1: 'Premium', 2: 'Featured', 3: 'Standard' };

export const listingTypeName = (typeId: number) => names[typeId] ?? `Type ${typeId}`;
