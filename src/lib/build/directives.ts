// Registers Gelora's own Astro client directives (see hydrate-on-interaction.ts).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'gelora-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./hydrate-on-interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
