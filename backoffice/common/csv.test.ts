import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { dateTime } from '#shared/format.ts';
import { tableRow } from './csv.ts';

interface Voucher {
  id: number;
  code: string;
  isActive: boolean;
  createDate: string;
}

const columns: GridColDef<Voucher>[] = [
  { field: 'id', headerName: 'ID' },
  { field: 'code', headerName: 'Code' },
  { field: 'createDate', headerName: 'Created at', valueFormatter: (v: string) => dateTime(v) },
  {
    field: 'isActive',
    headerName: 'Status',
    valueFormatter: (v: boolean) => (v ? 'Active' : 'Deactivated'),
  },
  { field: 'deactivate', headerName: 'Deactivate', renderCell: () => null },
];

describe('a table as CSV', () => {
  it('has the columns the table shows, headed and formatted as the table does, without buttons', () => {
    const row = tableRow(columns, {
      id: 3,
      code: 'ABCD-EFGH-JKLM',
      isActive: false,
      createDate: '2026-11-20T08:05:00.000Z',
    });
    expect(row).toEqual({
      ID: 3,
      Code: 'ABCD-EFGH-JKLM',
      'Created at': dateTime('2026-11-20T08:05:00.000Z'),
      Status: 'Deactivated',
    });
    expect(row['Created at']).toMatch(/^\d{2} [A-Z][a-z]{2} 2026, \d{2}:\d{2}$/);
  });
});
