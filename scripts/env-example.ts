import fs from 'node:fs';
import { render } from '../src/lib/server/env-example.ts';

fs.writeFileSync('.env.example', render());
console.log('wrote .env.example');
