// In the browser, Zod checks whether it may compile its parsers with `new Function` by trying it
// once: under the Content-Security-Policy (no eval) that try is refused and reported as a violation
// on every page. Told up front not to compile, Zod never tries. The server keeps compiled parsers.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
