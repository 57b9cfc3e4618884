/** A paid amount with its currency symbol and two decimals ('€4.99'). */
export const money = (amount: number, symbol: string | null) =>
  `${symbol ?? '€'}${new Intl.NumberFormat('en-MT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
