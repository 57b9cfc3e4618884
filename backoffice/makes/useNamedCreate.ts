import { useState, type ChangeEvent } from 'react';
import { useCreate } from 'react-admin';
import { firstMessage, type z } from '#shared/schemas/zod.ts';
import { useAdminAction } from '../common/useAdminAction.tsx';

interface NamedCreate<S extends z.ZodType<Record<string, unknown>>> {
  resource: 'makes' | 'models';
  /** The body's schema: its first refusal shows under the name. */
  schema: S;
  progress: string;
  success: string;
  onClose: () => void;
}

/**
 * A catalog entry's create dialog (a make, a model): the name typed, the schema's first refusal
 * under it, and the create with its progress and result dialogs.
 */
export function useNamedCreate<S extends z.ZodType<Record<string, unknown>>>(
  options: NamedCreate<S>,
) {
  const { resource, schema, progress, success, onClose } = options;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create] = useCreate();
  const { perform, dialogs, busy } = useAdminAction();

  function submit(input: z.input<S>) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setProblem(firstMessage(parsed.error));
    setProblem(null);
    void perform({
      progress,
      run: () => create(resource, { data: parsed.data }, { returnPromise: true }),
      success,
      then: onClose,
    });
  }

  /** The Name field's props. */
  const nameField = {
    label: 'Name',
    value: name,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setName(event.target.value),
    error: problem !== null,
    helperText: problem ?? ' ',
    fullWidth: true,
  };
  const reset = () => {
    setName('');
    setProblem(null);
  };
  return { name, nameField, submit, reset, busy, dialogs };
}
