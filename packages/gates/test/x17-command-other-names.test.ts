// G16 spellings under user policies (documented behaviour of programs the oracle sandbox
// lacks; npm's and cargo's environment read from their manuals): a deny rule meets a command
// under another name its program gives it, the options its environment sets, and the aliases
// its environment defines.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const POLICY: PermissionMap = {
  "*": "allow",
  bash: {
    "*": "allow",
    "helm uninstall *": "deny",
    "brew uninstall *": "deny",
    "conda remove *": "deny",
    "composer remove *": "deny",
    "composer require *": "deny",
    "php artisan migrate:fresh*": "deny",
    "php bin/console doctrine:schema:drop*": "deny",
    "terraform destroy*": "deny",
    "gh pr checkout *": "deny",
    "vercel deploy*": "deny",
    "vercel remove *": "deny",
    "heroku apps:destroy*": "deny",
    "redis-cli flushall*": "deny",
    "netlify deploy --prod*": "deny",
    "npm install -g *": "deny",
    "rsync * --delete*": "deny",
    "cargo publish*": "deny",
    "sudo *": "deny",
  },
};

describe("a deny meets the command under another name", () => {
  it.each([
    "helm delete x",
    "helm un x",
    "brew rm x",
    "conda uninstall x",
    "composer rm x",
    "composer req x",
    "php artisan migrate:f",
    "php artisan MIGRATE:FRESH",
    "./artisan m:f",
    "php bin/console d:s:d --force",
    "terragrunt destroy",
    "gh co 1",
    "vercel --prod",
    "vercel rm x --yes",
    "heroku destroy -a x --confirm x",
    "redis-cli FLUSHALL",
    "netlify deploy -p",
    "rsync -a --del src/ dst/",
    "sudoedit /etc/hosts",
    "npm_config_global=true npm i x",
    "NPM_CONFIG_GLOBAL=1 npm install x",
    "npm_config_location=global npm i x",
    "CARGO_ALIAS_P=publish cargo p",
    "CARGO_ALIAS_SHIP='publish --allow-dirty' cargo ship",
  ])("%s is denied", async (command) => {
    expect((await decideBash(POLICY, command)).action).toBe("deny");
  });

  it.each([
    "helm list",
    "brew install x",
    "conda install x",
    "composer install",
    "composer update",
    "php artisan migrate",
    "php artisan migrate:status",
    "terraform plan",
    "gh pr view 1",
    "vercel env ls",
    "heroku apps:info",
    "redis-cli GET x",
    "netlify deploy",
    "rsync -a src/ dst/",
    "npm_config_global=false npm i x",
    "npm i x",
    "CARGO_ALIAS_P=build cargo p",
    "cargo build",
  ])("%s stays allowed", async (command) => {
    expect((await decideBash(POLICY, command)).action).toBe("allow");
  });
});
