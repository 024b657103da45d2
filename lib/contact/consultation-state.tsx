'use client';

import { type ReactNode, createContext, useActionState, useContext, useEffect, useState } from 'react';
import { type ConsultationFormState, INITIAL_FORM_STATE } from './form-state';
import { submitConsultation } from './submit';

interface ConsultationState {
  /** The latest answer, which the outcome at the top of the page shows at once. */
  state: ConsultationFormState;
  /** The same answer as the form shows it: a painted frame later (see ConsultationStateProvider). */
  formState: ConsultationFormState;
  formAction: (form: FormData) => void;
  pending: boolean;
}

const ConsultationStateContext = createContext<ConsultationState | null>(null);

/**
 * Holds the consultation form's state for the whole contact page, so the outcome can be shown at the top of the
 * page while the form stays in its section. Without JavaScript the posted page is rendered with the same state.
 * With JavaScript the form takes an answer a frame after the outcome: by then focus has moved the page to the
 * outcome, so the form's change of height moves nothing on screen.
 */
export function ConsultationStateProvider({ children }: { children: ReactNode }) {
  const [state, formAction, pending] = useActionState(submitConsultation, INITIAL_FORM_STATE);
  const formState = useAfterNextPaint(state);
  return (
    <ConsultationStateContext value={{ state, formState, formAction, pending }}>{children}</ConsultationStateContext>
  );
}

export function useConsultationState(): ConsultationState {
  const value = useContext(ConsultationStateContext);
  if (!value) throw new Error('useConsultationState is used outside ConsultationStateProvider.');
  return value;
}

/** `value` once the browser has painted a frame since it changed (the first value at once). */
function useAfterNextPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    // The first callback runs before the next paint, the second after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(value));
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return painted;
}
