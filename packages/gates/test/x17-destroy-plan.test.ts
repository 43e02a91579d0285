// G16 terraform-destroy-plan (terraform docs: `terraform destroy` is `terraform apply -destroy`,
// and `terraform apply PLANFILE` carries a saved plan out without asking): a plan the command
// writes with `plan -destroy -out=FILE` destroys when applied, so the apply meets a rule about
// `terraform destroy`.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const POLICY: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "terraform destroy*": "deny" },
};

describe("applying a destroy plan the command wrote is a destroy", () => {
  it.each([
    "terraform plan -destroy -out=d.plan && terraform apply d.plan",
    "terraform plan -destroy -out d.plan; terraform apply -auto-approve ./d.plan",
    "tofu plan --destroy -out=p && tofu apply p",
    "terragrunt plan -destroy -out=p && terragrunt apply p",
    "terraform plan -destroy=true -out=p && terraform apply p",
  ])("%s is denied", async (command) => {
    expect((await decideBash(POLICY, command)).action).toBe("deny");
  });

  it.each([
    "terraform plan -out=d.plan && terraform apply d.plan",
    "terraform plan -destroy=false -out=p && terraform apply p",
    "terraform plan -destroy -out=a && terraform apply b",
    "terraform plan -destroy",
  ])("%s stays allowed", async (command) => {
    expect((await decideBash(POLICY, command)).action).toBe("allow");
  });
});
