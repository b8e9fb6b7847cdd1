import { describe, expect, it } from 'vitest';
import { firstErrors } from '../../src/lib/shared/schemas/fields.ts';
import {
  ageOn,
  loginProblem,
  loginSchema,
  parseIsoDate,
  passwordChangeSchema,
  passwordCheckSchema,
  refreshSchema,
  registerSchema,
  todayWib,
} from '../../src/lib/shared/schemas/auth.ts';

/** A registration that passes every rule; each test changes one thing. */
const valid = {
  username: 'budi2024',
  password: 'Rahasia1',
  passwordConfirm: 'Rahasia1',
  phone: '081234567890',
  email: 'budi@gmail.com',
  birthDate: '1995-05-17',
  agree: true,
} as const;

function registerErrors(patch: Record<string, unknown>): Record<string, string> {
  const r = registerSchema.safeParse({ ...valid, ...patch });
  return r.success ? {} : firstErrors(r.error);
}
const registerError = (field: string, value: unknown) => registerErrors({ [field]: value })[field];

/** YYYY-MM-DD of today in WIB shifted by whole years and days. */
function wibDate(years: number, days = 0): string {
  const [y, m, d] = todayWib().split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y + years, m - 1, d + days));
  return dt.toISOString().slice(0, 10);
}

describe('registration schema', () => {
  it('accepts a valid registration and lowercases username and e-mail, not the password', () => {
    const r = registerSchema.parse({ ...valid, username: 'BUDI2024', email: 'Budi@Gmail.COM' });
    expect(r).toMatchObject({ username: 'budi2024', email: 'budi@gmail.com', password: 'Rahasia1' });
    expect(r.referral).toBeUndefined();
  });

  it("shows 'Data tidak boleh kosong' under every empty or missing required field", () => {
    const empty = firstErrors(registerSchema.safeParse({}).error!);
    for (const f of ['username', 'password', 'passwordConfirm', 'phone', 'email', 'birthDate']) {
      expect(empty[f], f).toBe('Data tidak boleh kosong');
      expect(registerError(f, ''), f).toBe('Data tidak boleh kosong');
      expect(registerError(f, null), f).toBe('Data tidak boleh kosong');
    }
  });

  describe('username', () => {
    it('takes lowercase letters and digits, 6 to 12', () => {
      for (const u of ['abc123', 'abcdef', 'a1b2c3d4e5f6', 'ABCDEF1']) expect(registerError('username', u), u).toBeUndefined();
    });
    it('refuses spaces and special characters', () => {
      for (const u of ['budi 2024', 'budi_2024', 'budi-2024', 'büdi2024', "budi'--", '<b>budi</b>']) {
        expect(registerError('username', u), u).toBe('Username hanya boleh berisi huruf kecil dan angka');
      }
    });
    it("says 'maksimal 12 digit' above 12", () => {
      expect(registerError('username', 'abcdefghijk12')).toBe('maksimal 12 digit');
    });
    it("says 'Username minimal 6 digit' below 6", () => {
      expect(registerError('username', 'abc12')).toBe('Username minimal 6 digit');
    });
    it("refuses digits only: 'Username harus berisi kombinasi huruf dan angka'", () => {
      expect(registerError('username', '1234567')).toBe('Username harus berisi kombinasi huruf dan angka');
    });
  });

  describe('password', () => {
    it('takes 6 to 12 characters without spaces, case kept', () => {
      for (const p of ['abc123', 'ABCDEFGHIJKL', 'p@ss!word']) {
        expect(registerErrors({ password: p, passwordConfirm: p }).password, p).toBeUndefined();
      }
    });
    it("says 'Kata Sandi minimal 6 digit' below 6", () => {
      expect(registerErrors({ password: 'abc12', passwordConfirm: 'abc12' }).password).toBe('Kata Sandi minimal 6 digit');
    });
    it('refuses more than 12', () => {
      expect(registerErrors({ password: 'abcdefghij123', passwordConfirm: 'abcdefghij123' }).password).toBe('Kata Sandi maksimal 12 digit');
    });
    it('counts length as the form does, in UTF-16 units: an emoji is 2 of the 12', () => {
      // The form's maxlength and the login count units; zod's own maxLength counts an emoji as 1.
      const six = '😀'.repeat(6);
      const seven = '😀'.repeat(7);
      expect(registerErrors({ password: six, passwordConfirm: six }).password).toBeUndefined();
      expect(registerErrors({ password: seven, passwordConfirm: seven }).password).toBe('Kata Sandi maksimal 12 digit');
      expect(registerErrors({ password: 'ab😀cd', passwordConfirm: 'ab😀cd' }).password).toBeUndefined();
      expect(registerErrors({ password: 'ab😀c', passwordConfirm: 'ab😀c' }).password).toBe('Kata Sandi minimal 6 digit');
    });
    it('refuses spaces', () => {
      expect(registerErrors({ password: 'abc 1234', passwordConfirm: 'abc 1234' }).password).toBe('Kata Sandi tidak boleh mengandung spasi');
    });
    it("says 'Password tidak cocok' when the repeat differs, also while other fields are wrong", () => {
      expect(registerError('passwordConfirm', 'Rahasia2')).toBe('Password tidak cocok');
      expect(registerError('passwordConfirm', 'rahasia1')).toBe('Password tidak cocok');
      expect(registerErrors({ passwordConfirm: 'x', phone: 5, agree: false }).passwordConfirm).toBe('Password tidak cocok');
    });
  });

  describe('phone', () => {
    it('takes 9 to 15 digits starting with 08', () => {
      for (const p of ['081234567', '081234567890123']) expect(registerError('phone', p), p).toBeUndefined();
    });
    it("says 'Nomor HP hanya boleh berisi angka' for anything but digits", () => {
      for (const p of ['0812-3456-789', '+6281234567', '08123456a7', '0812 345 678']) {
        expect(registerError('phone', p), p).toBe('Nomor HP hanya boleh berisi angka');
      }
    });
    it("says 'Nomor HP harus diawali dengan angka 08'", () => {
      expect(registerError('phone', '6281234567')).toBe('Nomor HP harus diawali dengan angka 08');
      expect(registerError('phone', '0712345678')).toBe('Nomor HP harus diawali dengan angka 08');
    });
    it("says 'Nomor HP minimal 9 digit' below 9", () => {
      expect(registerError('phone', '08123456')).toBe('Nomor HP minimal 9 digit');
    });
    it('refuses more than 15 digits', () => {
      expect(registerError('phone', '0812345678901234')).toBe('Nomor HP maksimal 15 digit');
    });
  });

  describe('email', () => {
    it('takes a simple address, lowercased', () => {
      for (const e of ['a@b.co', 'nama.depan+gelora@mail.co.id', 'X@Y.ID', 'budi_99@my-mail.id', 'a-b@x1.y-z.com']) expect(registerError('email', e), e).toBeUndefined();
    });
    it("says 'tulis sesuai format, contoh: nama@gmail.com' for anything else", () => {
      for (const e of ['budi', 'budi@', '@gmail.com', 'budi@gmail', 'bu di@gmail.com', 'budi@@gmail.com', 'budi@gmail.c', '..@gmail.com', '.budi@gmail.com', 'budi.@gmail.com', 'bu..di@gmail.com', 'budi@-x-.com', 'budi@gmail..com', 'budi@x-.co.id']) {
        expect(registerError('email', e), e).toBe('tulis sesuai format, contoh: nama@gmail.com');
      }
    });
    it('refuses more than 50 characters', () => {
      const long = `${'a'.repeat(41)}@gmail.com`; // 51
      expect(registerError('email', long)).toBe('Email maksimal 50 karakter');
      expect(registerError('email', `${'a'.repeat(40)}@gmail.com`)).toBeUndefined();
    });
  });

  describe('date of birth (18+)', () => {
    it('takes someone who turns 18 today', () => {
      expect(registerError('birthDate', wibDate(-18))).toBeUndefined();
    });
    it("refuses someone who turns 18 tomorrow: 'Usia minimal 18 tahun'", () => {
      expect(registerError('birthDate', wibDate(-18, 1))).toBe('Usia minimal 18 tahun');
      expect(registerError('birthDate', wibDate(-5))).toBe('Usia minimal 18 tahun');
    });
    it('refuses dates that do not exist, other formats, the future and before 1900', () => {
      for (const d of ['2001-02-30', '1995-13-01', '17-05-1995', '1995/05/17', '1995-5-17', wibDate(0, 1), '1899-12-31', 'kemarin']) {
        expect(registerError('birthDate', d), d).toBe('Tanggal lahir tidak valid');
      }
    });
    it("gives one message per field and leaves the other fields' messages standing", () => {
      for (const birthDate of ['', '2001-02-30', wibDate(0, 1), wibDate(-5)]) {
        const r = registerSchema.safeParse({ ...valid, birthDate, passwordConfirm: 'Rahasia2' });
        expect(r.success).toBe(false);
        const issues = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        expect(issues.filter((i) => i.startsWith('birthDate:')), birthDate).toHaveLength(1);
        expect(issues, birthDate).toContain('passwordConfirm: Password tidak cocok');
      }
    });
    it('counts whole years; a 29 February birthday comes of age on 1 March', () => {
      expect(ageOn('2000-05-17', '2018-05-16')).toBe(17);
      expect(ageOn('2000-05-17', '2018-05-17')).toBe(18);
      // A birthday in a later month has not come yet, whatever the day; one in an earlier month has.
      expect(ageOn('2000-12-01', '2018-06-15')).toBe(17);
      expect(ageOn('2000-01-20', '2018-06-15')).toBe(18);
      expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
      expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
      expect(parseIsoDate('2004-02-29')).toEqual({ year: 2004, month: 2, day: 29 });
      expect(parseIsoDate('2003-02-29')).toBeNull();
    });
  });

  describe('referral', () => {
    it('is optional: missing, null and empty mean none', () => {
      for (const referral of [undefined, null, '']) expect(registerSchema.parse({ ...valid, referral }).referral).toBeUndefined();
    });
    it('is lowercased', () => {
      expect(registerSchema.parse({ ...valid, referral: 'AGEN01' }).referral).toBe('agen01');
    });
    it('is at most 12', () => {
      expect(registerError('referral', 'abcdefghijk12')).toBe('Referral maksimal 12 digit');
    });
    it('can only be a code (letters and digits)', () => {
      expect(registerError('referral', "x' or 1=1")).toBe('Referral tidak ditemukan');
    });
  });

  it('requires the agreement to be checked', () => {
    for (const agree of [false, undefined, 'true', 1]) expect(registerError('agree', agree), String(agree)).toBe('Anda wajib menyetujui peraturan');
  });

  it('answers wrong types and non-objects with an Indonesian message', () => {
    expect(registerError('username', 123456)).toBe('Format data tidak valid.');
    expect(registerError('phone', ['081234567'])).toBe('Format data tidak valid.');
    for (const body of ['budi', 42, [valid], null]) {
      expect(firstErrors(registerSchema.safeParse(body).error!)).toEqual({ _: 'Format data tidak valid.' });
    }
  });
});

describe('login schema', () => {
  const loginMessage = (body: unknown) => {
    const r = loginSchema.safeParse(body);
    return r.success ? null : loginProblem(firstErrors(r.error));
  };

  it('reduces the username to lowercase letters and digits and strips spaces from the password', () => {
    expect(loginSchema.parse({ username: ' Budi_2024! ', password: ' Ra ha sia1 ' })).toEqual({ username: 'budi2024', password: 'Rahasia1' });
  });
  it("says 'Silahkan isi username dan password' when both are empty", () => {
    expect(loginMessage({ username: '', password: '' })).toBe('Silahkan isi username dan password');
    expect(loginMessage({})).toBe('Silahkan isi username dan password');
    expect(loginMessage({ username: '!!!', password: '   ' })).toBe('Silahkan isi username dan password');
  });
  it("says 'Silahkan isi username' or 'Silahkan isi password' for one empty field", () => {
    expect(loginMessage({ username: '', password: 'x' })).toBe('Silahkan isi username');
    expect(loginMessage({ username: 'budi', password: '' })).toBe('Silahkan isi password');
  });
  it('accepts the webview flag only as a boolean', () => {
    expect(loginSchema.parse({ username: 'budi', password: 'x', app: true }).app).toBe(true);
    expect(loginSchema.safeParse({ username: 'budi', password: 'x', app: 'yes' }).success).toBe(false);
  });
});

describe('settings schemas', () => {
  const change = (patch: Record<string, unknown>) => {
    const r = passwordChangeSchema.safeParse({ oldPassword: 'lama123', password: 'baru1234', passwordConfirm: 'baru1234', ...patch });
    return r.success ? {} : firstErrors(r.error);
  };
  it('accepts a new password that follows the rules and is repeated', () => {
    expect(change({})).toEqual({});
  });
  it("says 'Password baru dan konfirmasi password tidak cocok.' when the repeat differs", () => {
    expect(change({ passwordConfirm: 'baru12345' }).passwordConfirm).toBe('Password baru dan konfirmasi password tidak cocok.');
  });
  it("says 'Password baru tidak boleh sama dengan password lama.' for the old password again, beside a mismatch", () => {
    expect(change({ oldPassword: 'Rahasia1', password: 'Rahasia1', passwordConfirm: 'Rahasia1' })).toEqual({
      password: 'Password baru tidak boleh sama dengan password lama.',
    });
    // Spaces are stripped from the old password, as at login.
    expect(change({ oldPassword: ' Rahasia1 ', password: 'Rahasia1', passwordConfirm: 'Rahasia2' })).toEqual({
      password: 'Password baru tidak boleh sama dengan password lama.',
      passwordConfirm: 'Password baru dan konfirmasi password tidak cocok.',
    });
    // A case change is a new password (passwords are case-sensitive).
    expect(change({ oldPassword: 'Rahasia1', password: 'rahasia1', passwordConfirm: 'rahasia1' })).toEqual({});
  });
  it('holds the new password to the registration rules', () => {
    expect(change({ password: 'abc', passwordConfirm: 'abc' }).password).toBe('Kata Sandi minimal 6 digit');
    expect(change({ oldPassword: '' }).oldPassword).toBe('Data tidak boleh kosong');
  });
  it('requires the password to check', () => {
    expect(firstErrors(passwordCheckSchema.safeParse({ password: '' }).error!)).toEqual({ password: 'Data tidak boleh kosong' });
  });
  it('requires a refresh token string', () => {
    expect(refreshSchema.safeParse({ refreshToken: 'abc' }).success).toBe(true);
    expect(firstErrors(refreshSchema.safeParse({}).error!)).toEqual({ refreshToken: 'Data tidak boleh kosong' });
    expect(refreshSchema.safeParse({ refreshToken: 42 }).success).toBe(false);
  });
});
