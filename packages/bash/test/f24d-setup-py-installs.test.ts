// R24 setup-py-user (traced under bash 5.2 in the oracle, setuptools 66): `python3 setup.py
// install --user` and `develop --user` wrote ~/.local/lib/python3.11/site-packages (the egg or
// egg-link and easy-install.pth, which python runs at every start); plain `install` wrote
// /usr/local/lib/python3.11/dist-packages. Neither was reported (only pip's --user was).
import { describe, expect, it } from "vitest";
import { outsideWrites } from "./helpers.ts";

describe("setuptools' install commands write a site-packages folder", () => {
  it.each([
    "python3 setup.py install --user",
    "python3 setup.py develop --user",
    "python setup.py build install --user",
    "python3.11 -B setup.py install --user",
    "python3 ./setup.py develop --user=1",
  ])("%j writes the user site", async (command) => {
    expect(await outsideWrites(command)).toEqual(["/home/user/.local"]);
  });

  it.each([
    "python3 setup.py install",
    "python3 setup.py develop",
    "python setup.py install_lib",
    "python3 setup.py easy_install x",
    "python3 setup.py install --prefix=/opt/x",
    'python3 setup.py "$CMD"',
  ])("%j writes a folder the text does not show", async (command) => {
    expect(await outsideWrites(command)).toContain(null);
  });

  it.each([
    "python setup.py sdist",
    "python3 setup.py build",
    "python3 setup.py bdist_wheel",
    "python3 -m pip wheel .",
    "python3 -c 'import x' setup.py install",
  ])("%j writes nothing outside the project", async (command) => {
    expect(await outsideWrites(command)).toEqual([]);
  });
});
