declare const EXTENSION_TAG = "[pi-permission-system]";
export { EXTENSION_TAG };
