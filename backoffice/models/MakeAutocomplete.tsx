import { Autocomplete, TextField } from '@mui/material';
import type { Named } from '#shared/schemas/catalog.ts';

interface MakeAutocompleteProps {
  makes: Named[];
  /** The chosen make's id, or null. */
  value: number | null;
  onChange: (makeId: number | null) => void;
  loading?: boolean;
  error?: boolean;
  helperText?: string;
}

/** Choose a make by typing its name. */
export function MakeAutocomplete({
  makes,
  value,
  onChange,
  loading,
  error,
  helperText,
}: MakeAutocompleteProps) {
  return (
    <Autocomplete<Named>
      options={makes}
      value={makes.find((m) => m.id === value) ?? null}
      onChange={(_, make) => onChange(make?.id ?? null)}
      getOptionLabel={(make) => make.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      renderInput={(params) => (
        <TextField {...params} label="Make" error={error} helperText={helperText} />
      )}
    />
  );
}
