import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { packageTypeChoices } from './packageFields.ts';

/**
 * The fields of a credit package, shared by the create and edit dialogs. The spec shows no
 * client rules for packages: the server's rules answer in the failure dialog.
 */
export const PaymentPackageInputs = () => (
  <>
    <TextInput source="name" label="Name" />
    <TextInput source="description" label="Description" multiline minRows={2} />
    <NumberInput source="amount" label="Amount" step={0.01} min={0} />
    <NumberInput source="credits" label="Credits" step={1} min={0} />
    <SelectInput source="typeId" label="Type" choices={packageTypeChoices} />
  </>
);
