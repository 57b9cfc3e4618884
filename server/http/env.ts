import type { Deps } from '../deps.ts';

/** The caller, once the bearer token has been checked. */
export interface Caller {
  id: number;
  roleId: number;
  email: string;
  sessionFamily: string;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    caller: Caller | undefined;
    /** Why a presented bearer token did not identify anyone (expired, invalid, session ended). */
    authProblem: string | undefined;
  };
}
