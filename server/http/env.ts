import type { Deps } from '../deps.ts';
import type { JsonText } from './respond.ts';

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
    /** The text of the JSON answer (server/http/respond.ts), for the encoding middleware. */
    json: JsonText | undefined;
  };
}
