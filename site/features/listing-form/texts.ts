/**
 * The listing form's section titles. Each field's label and unit come with its declaration in
 * shared/schemas/listing-fields.ts; spec texts shared with other screens live in shared/messages.ts.
 */
export const sections = {
  photos: 'Add photos',
  general: 'General information',
  price: 'Price and payment',
  additional: 'Additional information',
  safety: 'Safety features (optional)',
  equipment: 'Equipment (optional)',
  description: 'Description',
  submit: 'Submit listing',
} as const;
