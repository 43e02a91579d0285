import { describe, expect, it } from "vitest";
import { mayReadOtherwise, optionSynonymReading } from "../src/index.ts";

/**
 * G16 helm-brew-conda-composer-alias, symfony-console-abbrev, gh-default-alias,
 * cloud-cli-alias, default-subcommand, case-insensitive-command, cloud-cli-option-synonym,
 * rsync-option-alias, wrapper-program-passthrough, sudo-by-other-name (documented behaviour of
 * programs the oracle sandbox lacks): a command under another name the program gives it,
 * read as the rule writes it. Symfony Console applications (Composer, `artisan`,
 * `bin/console`) run any case and any abbreviation of each `:` part of a command name, and the
 * application's command list is not known here: a word that may name the rule's command meets
 * it.
 */
describe("a command under another name, written as the rule writes it", () => {
  it.each<[string, string, string | null]>([
    ["helm delete x", "helm uninstall *", "helm uninstall x"],
    ["helm un x", "helm uninstall *", "helm uninstall x"],
    ["helm del x --namespace n", "helm uninstall *", "helm uninstall x --namespace n"],
    ["brew rm x", "brew uninstall *", "brew uninstall x"],
    ["brew remove x", "brew uninstall *", "brew uninstall x"],
    ["conda uninstall x", "conda remove *", "conda remove x"],
    ["mamba uninstall -n e x", "mamba remove *", "mamba remove -n e x"],
    ["gh co 1", "gh pr checkout *", "gh pr checkout 1"],
    ["vercel rm x --yes", "vercel remove *", "vercel remove x --yes"],
    ["vercel --prod", "vercel deploy*", "vercel deploy --prod"],
    ["vercel", "vercel deploy*", "vercel deploy"],
    ["heroku destroy -a x", "heroku apps:destroy*", "heroku apps:destroy -a x"],
    ["redis-cli FLUSHALL", "redis-cli flushall*", "redis-cli flushall"],
    ["redis-cli -h h FlushAll", "redis-cli * flushall*", "redis-cli -h h flushall"],
    ["composer rm x", "composer remove *", "composer remove x"],
    ["composer uninstall x", "composer remove *", "composer remove x"],
    ["composer rem x", "composer remove *", "composer remove x"],
    ["composer req x", "composer require *", "composer require x"],
    ["composer r x", "composer require *", "composer require x"],
    ["php artisan migrate:f", "php artisan migrate:fresh*", "php artisan migrate:fresh"],
    ["php artisan m:fr --seed", "php artisan migrate:fresh*", "php artisan migrate:fresh --seed"],
    ["php artisan MIGRATE:FRESH", "php artisan migrate:fresh*", "php artisan migrate:fresh"],
    ["php artisan db:w", "php artisan db:wipe*", "php artisan db:wipe"],
    [
      "php bin/console d:s:d --force",
      "php bin/console doctrine:schema:drop*",
      "php bin/console doctrine:schema:drop --force",
    ],
    ["/repo/artisan m:f", "/repo/artisan migrate:fresh*", "/repo/artisan migrate:fresh"],
    ["terragrunt destroy", "terraform destroy*", "terraform destroy"],
    ["terragrunt run-all destroy", "terraform destroy*", "terraform destroy"],
    ["sudoedit /etc/hosts", "sudo *", "sudo -e /etc/hosts"],
    ["rsync -a --del src/ dst/", "rsync * --delete*", "rsync -a --delete-during src/ dst/"],
    ["netlify deploy -p", "netlify deploy --prod*", "netlify deploy --prod"],
    // Another command stays another (a composer name or alias is exactly that command).
    ["composer r x", "composer remove *", null],
    ["composer require x", "composer remove *", null],
    ["php artisan migrate", "php artisan migrate:fresh*", null],
    ["php artisan migrate:status", "php artisan migrate:fresh*", null],
    ["php artisan db:seed", "php artisan db:wipe*", null],
    ["helm list", "helm uninstall *", null],
    ["brew install x", "brew uninstall *", null],
    ["gh pr view 1", "gh pr checkout *", null],
    ["vercel ls", "vercel deploy*", null],
    ["vercel env ls", "vercel deploy*", null],
    ["rsync -a src/ dst/", "rsync * --delete*", null],
  ])("%s under %s", (command, rule, reading) => {
    expect(mayReadOtherwise(command)).toBe(true);
    expect(optionSynonymReading(command.split(" "), rule.split(" "))?.join(" ") ?? null).toBe(
      reading,
    );
  });
});
