import type { FormValues } from './form-values.ts';

/** Sets one field of the form. */
export type SetField = <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
