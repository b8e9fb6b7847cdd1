// How a form says which fields must be filled in, to a sighted and to a screen-reader user alike:
// the field itself says it (aria-required, or required in the back office), its label ends with the
// asterisk the form explains once ('Kolom bertanda * wajib diisi.'), and the asterisk stays out of
// the field's name (the spec's label).
import { expect, type Locator } from '@playwright/test';

/**
 * The asterisk after a field's label text (CSS generated content), or 'none'. A back-office label
 * wraps its field, so its text is a span of its own (.label-text).
 */
async function marker(field: Locator): Promise<string> {
  return field.evaluate((el) => {
    const label = (el as HTMLInputElement).labels?.[0];
    return label ? getComputedStyle(label.querySelector('.label-text') ?? label, '::after').content : 'none';
  });
}

/** Required for the browser and for assistive technology alike: `required` or aria-required. */
async function isRequired(field: Locator): Promise<boolean> {
  return field.evaluate((el) => (el as HTMLInputElement).required || el.getAttribute('aria-required') === 'true');
}

/** `noteIn`: where the note stands, when it explains several forms at once (a back-office list). */
export async function expectRequiredFields(form: Locator, required: string[], optional: string[] = [], noteIn: Locator = form): Promise<void> {
  await expect(noteIn.getByText('Kolom bertanda * wajib diisi.', { exact: true })).toBeVisible();
  // A select inside its label: the label's text holds the options too, so it is found by its name.
  const fieldNamed = (name: string) => form.getByLabel(name, { exact: true }).or(form.getByRole('combobox', { name, exact: true }));
  for (const name of required) {
    const field = fieldNamed(name);
    expect(await isRequired(field), name).toBe(true);
    await expect(field, name).toHaveAccessibleName(name);
    expect(await marker(field), name).toContain('*');
  }
  for (const name of optional) {
    const field = fieldNamed(name);
    expect(await isRequired(field), name).toBe(false);
    expect(await marker(field), name).toBe('none');
  }
}

/** A read-only screen asks nothing of anyone: no note, and no label ends with the asterisk. */
export async function expectNoRequiredMarks(scope: Locator): Promise<void> {
  await expect(scope.getByText('Kolom bertanda * wajib diisi.', { exact: true })).toHaveCount(0);
  const fields = await scope.locator('input, textarea, select').all();
  expect(fields.length).toBeGreaterThan(0);
  for (const field of fields) expect(await marker(field)).toBe('none');
}
