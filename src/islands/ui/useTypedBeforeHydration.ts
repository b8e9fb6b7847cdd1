import { useLayoutEffect, type RefObject } from 'react';

/**
 * What a visitor typed into the server-rendered form before React hydrated it (slow phone, fast
 * typist) is in the DOM but not in React's state; hand it over once, right after hydration, so the
 * form never validates empty state while showing filled fields. A layout effect: a tap held
 * during hydration (hold-until-hydrated.ts, for client:interact and client:eager) is replayed
 * right after it, and its handler must already see the typed values.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: string | boolean) => void) {
  useLayoutEffect(() => {
    const el = form.current;
    if (!el) return;
    for (const input of Array.from(el.querySelectorAll<HTMLInputElement>('input[name]'))) {
      if (input.readOnly || input.disabled) continue;
      if (input.type === 'checkbox') {
        if (input.checked) adopt(input.name, true);
      } else if (input.value) {
        adopt(input.name, input.value);
      }
    }
    // Once, on mount: later input goes through onChange.
  }, []);
}
