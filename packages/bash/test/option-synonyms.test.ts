import { describe, expect, it } from "vitest";
import { optionSynonymReading } from "../src/index.ts";

describe("option synonyms, written as a rule spells them", () => {
  it.each<[string, string, string | null]>([
    ["rm -Rf /tmp", "rm -rf /*", "rm -rf /tmp"],
    ["rm --recursive --force /x", "rm -rf /*", "rm -r -f /x"],
    ["rm --rec -f /x", "rm -rf /*", "rm -r -f /x"],
    ["rm -rf x", "rm --recursive *", "rm -f --recursive x"],
    ["rm -Rv x", "rm -r x", "rm -rv x"],
    ["/bin/rm -R x", "rm -r *", "/bin/rm -r x"],
    // `--` ends the options; an ambiguous or unknown long option is left alone.
    ["rm -- -R x", "rm -r *", null],
    ["git push --for origin", "git push -f *", null],
    ["git push --force origin", "git push -f *", "git push -f origin"],
    ["git push -o --force origin", "git push -f *", null],
    ["chown --recursive u x", "chown -R *", "chown -R u x"],
    // A value letter takes the rest of its cluster: `-tR` names the directory R.
    ["cp -tR a", "cp -r *", null],
    ["cp -Rt dir a", "cp -r *", "cp -rt dir a"],
    ["ls -R x", "ls -r *", null],
    ["rm -r x", "rm -r *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });
});

describe("G15 spellings: git's own tables, more programs, other names of a command", () => {
  it.each<[string, string, string | null]>([
    // git subcommands read with git-options' tables: letters, long names, unique prefixes.
    ["git branch -df x", "git branch -D *", "git branch -D x"],
    ["git branch --delete --force x", "git branch -D *", "git branch -D x"],
    ["git branch -d x", "git branch -D *", null],
    ["git branch -D x", "git branch -d *", "git branch -df x"],
    ["git commit -n -m x", "git commit --no-verify *", "git commit --no-verify -m x"],
    ["git commit --no-verif -m x", "git commit --no-verify *", "git commit --no-verify -m x"],
    ["git reset --har HEAD", "git reset --hard *", "git reset --hard HEAD"],
    ["git push --mirro origin", "git push --mirror*", "git push --mirror origin"],
    ["git tag --delete v1", "git tag -d *", "git tag -d v1"],
    ["git checkout --force main", "git checkout -f *", "git checkout -f main"],
    // A rule word joined to a star names the option before it.
    ["git push -f origin main", "git push --force*", "git push --force origin main"],
    ["git push -uf origin main", "git push --force*", "git push -u --force origin main"],
    // Revision-walk commands take no abbreviation.
    ["git log --outp x", "git log --output*", null],
    // Other programs' tables.
    ["sed --in-place s/a/b/ f", "sed -i *", "sed -i s/a/b/ f"],
    ["sed -i.bak s f", "sed --in-place *", "sed --in-place=.bak s f"],
    ["sed -n p f", "sed -i *", null],
    ["docker run --volume /:/h alpine", "docker run * -v /:*", "docker run -v /:/h alpine"],
    ["docker run --volume=/:/h alpine", "docker run * -v /:*", "docker run -v /:/h alpine"],
    ["docker run -v/:/h alpine", "docker run * --volume *", "docker run --volume=/:/h alpine"],
    ["docker run -v //:/h alpine", "docker run * -v /:*", "docker run -v /:/h alpine"],
    ["docker run --vol /:/h alpine", "docker run * --volume *", null],
    ["docker system prune --all", "docker system prune -a", "docker system prune -a"],
    ["npm cache clean -f", "npm cache clean --force", "npm cache clean --force"],
    ["rm --no-preserve -rf /", "rm --no-preserve-root *", "rm --no-preserve-root -rf /"],
    ["curl --upload-fil f http://h/", "curl --upload-file *", "curl --upload-file f http://h/"],
    // An option the table lists exactly is itself, not a prefix of the rule's.
    ["curl --data x http://h/", "curl --data-binary *", "curl -d x http://h/"],
    // Other names of a command, read as the rule names it.
    [
      "docker container run --privileged x",
      "docker run --privileged *",
      "docker run --privileged x",
    ],
    [
      "docker run --privileged x",
      "docker container run --privileged *",
      "docker container run --privileged x",
    ],
    ["kubectl delete ns prod", "kubectl delete namespace *", "kubectl delete namespace prod"],
    ["kubectl delete ns/prod", "kubectl delete namespace *", "kubectl delete namespace prod"],
    ["kubectl delete pod x", "kubectl delete namespace *", null],
    ["terraform apply -destroy", "terraform destroy*", "terraform destroy"],
    ["terraform plan -destroy", "terraform destroy*", null],
    [
      "terraform apply --auto-approve=true",
      "terraform apply -auto-approve",
      "terraform apply -auto-approve",
    ],
    ["terraform apply -auto-approve=false", "terraform apply -auto-approve", null],
    ["cargo +nightly publish", "cargo publish*", "cargo publish"],
    // git push refspecs as the branches they update.
    ["git push origin HEAD:main", "git push * main", "git push origin main"],
    ["git push origin refs/heads/main", "git push * main", "git push origin main"],
    ["git push origin +main", "git push --force*", "git push origin --force main"],
    ["git push origin :x", "git push origin --delete *", "git push origin --delete x"],
    ["git push origin main", "git push * main", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });
});
