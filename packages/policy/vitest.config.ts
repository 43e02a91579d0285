import { packageTests } from "../../vitest.base.ts";

export default packageTests();
