import AddIcon from '@mui/icons-material/Add';
import { Button, Tab, Tabs } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { ExportButton, ListBase, useListContext } from 'react-admin';
import { packageTypes, type PaymentPackage } from '#shared/schemas/payment.ts';
import { DataTable } from '../common/DataTable.tsx';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { tableExporter } from '../common/csv.ts';
import { quietList } from '../common/quietList.ts';
import { useConfirmedDelete } from '../common/useConfirmedDelete.tsx';
import { texts } from '../texts.ts';
import { packageAmount, packageTabs } from './packageFields.ts';
import { PaymentPackageDialog, type PackageDraft } from './PaymentPackageDialog.tsx';
import { EVERY_ROW } from '../dataProvider.ts';

const TITLE = 'Payment packages';

/** Credit packages by kind (Individual first); a row edits, 'Create package' adds one. */
export const PaymentPackageList = () => (
  <ListBase<PaymentPackage>
    queryOptions={quietList}
    perPage={25}
    sort={{ field: 'id', order: 'ASC' }}
    filterDefaultValues={{ typeId: packageTypes.individual }}
  >
    <PaymentPackages />
  </ListBase>
);

function PaymentPackages() {
  const { filterValues, setFilters } = useListContext<PaymentPackage>();
  const typeId = Number(filterValues.typeId ?? packageTypes.individual);
  const [editing, setEditing] = useState<PackageDraft | null>(null);
  const removal = useConfirmedDelete<PaymentPackage>('payment-packages', {
    question: (item) => `Remove the package '${item.name}'?`,
    confirm: 'Remove',
    progress: texts.progress.removingPackage,
    success: texts.success.packageRemoved,
  });

  const columns: GridColDef<PaymentPackage>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'name', headerName: 'Name', flex: 2, minWidth: 160 },
    {
      field: 'amount',
      headerName: 'Amount',
      flex: 1,
      minWidth: 110,
      valueFormatter: (_v, p) => packageAmount(p),
    },
    { field: 'credits', headerName: 'Credits', flex: 1, minWidth: 100 },
    removal.column((p) => p.name),
  ];

  return (
    <>
      <SectionTitle
        title={TITLE}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ typeId, name: '', description: '' })}
            >
              Create package
            </Button>
            <ExportButton maxResults={EVERY_ROW} exporter={tableExporter(columns)} />
          </>
        }
      />
      <Tabs
        value={typeId}
        onChange={(_, value: number) => setFilters({ typeId: value }, {})}
        aria-label="Package kind"
        sx={{ mb: 2 }}
      >
        {packageTabs.map((tab) => (
          <Tab key={tab.typeId} value={tab.typeId} label={tab.label} />
        ))}
      </Tabs>
      <DataTable<PaymentPackage> label={TITLE} columns={columns} onRowClick={setEditing} />
      <PaymentPackageDialog record={editing} onClose={() => setEditing(null)} />
      {removal.dialogs}
    </>
  );
}
