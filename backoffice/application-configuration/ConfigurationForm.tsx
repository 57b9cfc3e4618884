import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  Form,
  NumberInput,
  TextInput,
  minValue,
  required,
  useGetOne,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { messages } from '#shared/messages.ts';
import {
  configurationUpdateSchema,
  type PublicConfiguration,
} from '#shared/schemas/configuration.ts';
import { SectionTitle } from '../common/SectionTitle.tsx';
import { failureMessage, useAdminAction } from '../common/useAdminAction.tsx';
import { texts } from '../texts.ts';
import { configurationGroups, type ConfigurationField } from './configurationFields.ts';

type ConfigurationRecord = PublicConfiguration & RaRecord;

/** The configuration is one record; the data provider answers it under any id. */
const CONFIGURATION_ID = 'current';

/** The server's rules (shared/schemas/configuration.ts), shown on the fields they concern. */
function validate(values: Record<string, unknown>) {
  const issues = configurationUpdateSchema.safeParse(values).error?.issues ?? [];
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [field] = issue.path;
    if (issue.path.length === 1 && typeof field === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

function FieldInput({ field }: { field: ConfigurationField }) {
  if (field.kind === 'number') {
    return <NumberInput source={field.source} label={field.label} validate={required()} />;
  }
  if (field.kind === 'multiline') {
    return (
      <TextInput
        source={field.source}
        label={field.label}
        multiline
        minRows={field.max && field.max > 500 ? 8 : 3}
        helperText={`At most ${field.max} characters`}
        slotProps={{ htmlInput: { maxLength: field.max } }}
        sx={{ gridColumn: '1 / -1' }}
      />
    );
  }
  return <TextInput source={field.source} label={field.label} />;
}

const fieldsSx = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Every configuration field, with the listing types' prices, saved together by Update. */
export function ConfigurationForm() {
  const { data, isPending, error } = useGetOne<ConfigurationRecord>('configuration', {
    id: CONFIGURATION_ID,
  });
  const [update] = useUpdate<ConfigurationRecord>();
  const { perform, dialogs, busy } = useAdminAction();

  const save = (values: Record<string, unknown>) =>
    perform({
      progress: texts.progress.updatingConfiguration,
      run: () =>
        update(
          'configuration',
          { id: CONFIGURATION_ID, data: values, previousData: data },
          { returnPromise: true },
        ),
      success: messages.admin.configurationUpdated,
    });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <SectionTitle title="Application configuration" />
      {isPending ? (
        <Skeleton variant="rounded" height={480} />
      ) : error || !data ? (
        <Alert severity="error">{failureMessage(error)}</Alert>
      ) : (
        <Form
          record={data}
          onSubmit={(values: Record<string, unknown>) => void save(values)}
          validate={validate}
        >
          <Stack spacing={2}>
            {configurationGroups.map((group) => (
              <Paper key={group.title} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {group.title}
                </Typography>
                <Box sx={fieldsSx}>
                  {group.fields.map((field) => (
                    <FieldInput key={field.source} field={field} />
                  ))}
                </Box>
              </Paper>
            ))}
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Listing type prices (credits)
              </Typography>
              <Box sx={fieldsSx}>
                {data.listingTypes.map((type, index) => (
                  <NumberInput
                    key={type.id}
                    source={`listingTypes.${index}.price`}
                    label={type.name}
                    validate={[required(), minValue(0)]}
                  />
                ))}
              </Box>
            </Paper>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                Update
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
      {dialogs}
    </Box>
  );
}
