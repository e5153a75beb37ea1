// Zod without compiled parsers, for the browser (#42 finding 9). Zod 4 compiles an object's parser
// with `new Function`, and first probes whether it may by calling `new Function("")`: under the
// app's content security policy (script-src 'self', no 'unsafe-eval') the probe is refused and
// reported as a violation, though zod catches it. Jitless, zod neither probes nor compiles.
//
// The probe runs when an object schema is built, at module load: this module must be evaluated
// before any that builds one, so it is the web entry's first import (web/src/main.tsx). The
// server, which has no such policy, keeps the compiled parsers and never imports it.
import { z } from "zod";

z.config({ jitless: true });
