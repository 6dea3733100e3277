import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.js';
import { roleText } from './role-text.js';

describe('role names', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it("are the spec's labels in Indonesian and English names in English", async () => {
    initI18n('id');
    await i18next.changeLanguage('id');
    expect(
      ['admin', 'custodian', 'technician', 'gardener', 'inventory_staff', 'x'].map((role) =>
        roleText(role),
      ),
    ).toEqual(['Administrator', 'Custodian', 'Teknisi', 'Gardener', 'Staf Inventori', 'Pengguna']);
    await i18next.changeLanguage('en');
    expect(roleText('technician', 'id')).toBe('Teknisi');
    expect(['technician', 'inventory_staff', null].map((role) => roleText(role))).toEqual([
      'Technician',
      'Inventory staff',
      'User',
    ]);
    expect(roleText('district_admin')).toBe('District admin');
    expect(roleText('district_admin', 'id')).toBe('Admin Dinas');
  });
});
