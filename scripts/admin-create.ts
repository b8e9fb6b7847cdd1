// npm run admin:create -- <username> [--role owner|editor|support] [--reset | --disable]
// Creates a back-office admin and prints a one-time password. At the first sign-in at /admin the
// admin enrols TOTP (required) and must replace the password. --reset gives an existing admin a
// new one-time password and a new TOTP secret (lost password or phone), re-enables a disabled
// account and ends their sessions. --disable locks an admin out (someone who left).
// With the embedded database, stop the server first (PGlite allows one process).
import { parseArgs } from 'node:util';
import { boot } from '../src/lib/server/boot.ts';
import { exitOnError } from '../src/lib/server/fatal.ts';
import { ADMIN_ROLES, isRole } from '../src/lib/server/admin/permissions.ts';
import { AdminExistsError, NotFoundError } from '../src/lib/server/admin/errors.ts';
import { adminUsername } from '../src/lib/shared/schemas/admin.ts';

const usage = `usage: npm run admin:create -- <username> [--role ${ADMIN_ROLES.join('|')}] [--reset | --disable]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string' },
    reset: { type: 'boolean', default: false },
    disable: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length !== 1 || (values.reset && values.disable)) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}
const username = adminUsername.safeParse(positionals[0]);
if (!username.success) {
  console.error(`invalid username: 3-32 characters, lowercase letters, digits, '.', '_' or '-'\n${usage}`);
  process.exit(2);
}
if (values.role !== undefined && !isRole(values.role)) {
  console.error(`invalid role '${values.role}'\n${usage}`);
  process.exit(2);
}
const role = values.role !== undefined && isRole(values.role) ? values.role : undefined;

// A bad setting, the server holding the embedded database, a database that is not there: one line.
const services = await boot().catch(exitOnError);
try {
  if (values.disable) {
    const admin = await services.admin.disable(username.data);
    console.log(`admin '${admin.username}' disabled: signed out everywhere, cannot sign in (${services.database.kind})`);
  } else {
    const { admin, password } = values.reset
      ? await services.admin.reset(username.data, role)
      : await services.admin.create(username.data, role ?? 'owner');
    const origin = services.config.SITE_URL.replace(/\/$/, '');
    console.log(`admin '${admin.username}' (${admin.role}) ${values.reset ? 'reset' : 'created'} (${services.database.kind})`);
    console.log(`one-time password: ${password}`);
    console.log(`Sign in at ${origin}/admin/login: set up the authenticator (TOTP) and choose a new password.`);
    console.log('The password is shown only this once.');
  }
} catch (err) {
  if (err instanceof AdminExistsError) {
    console.error(`admin '${username.data}' already exists (use --reset for a new one-time password)`);
    process.exitCode = 1;
  } else if (err instanceof NotFoundError) {
    console.error(`admin '${username.data}' does not exist`);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await services.database.close();
}
