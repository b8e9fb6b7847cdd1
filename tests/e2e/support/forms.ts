// How a form says which fields must be filled in, to a sighted and to a screen-reader user alike:
// the field itself says it (aria-required), its label ends with the asterisk the form explains once
// ('Kolom bertanda * wajib diisi.'), and the asterisk stays out of the field's name (the spec's label).
import { expect, type Locator } from '@playwright/test';

/** The asterisk after a field's label (CSS generated content), or 'none'. */
async function marker(field: Locator): Promise<string> {
  return field.evaluate((el) => {
    const label = (el as HTMLInputElement).labels?.[0];
    return label ? getComputedStyle(label, '::after').content : 'none';
  });
}

export async function expectRequiredFields(form: Locator, required: string[], optional: string[] = []): Promise<void> {
  await expect(form.getByText('Kolom bertanda * wajib diisi.', { exact: true })).toBeVisible();
  for (const name of required) {
    const field = form.getByLabel(name, { exact: true });
    await expect(field, name).toHaveAttribute('aria-required', 'true');
    await expect(field, name).toHaveAccessibleName(name);
    expect(await marker(field), name).toContain('*');
  }
  for (const name of optional) {
    const field = form.getByLabel(name, { exact: true });
    await expect(field, name).not.toHaveAttribute('aria-required');
    expect(await marker(field), name).toBe('none');
  }
}
