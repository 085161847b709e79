//! `kubeidl tags`: the reference of every validation tag, printed from the registry (spellings
//! per dialect, where each may stand, its payload, what it means and an example).

use super::{print, TagsArgs};
use std::process::ExitCode;

pub fn run(args: TagsArgs) -> Result<ExitCode, kubeidl_gen::Error> {
    use kubeidl::tags::reference;
    let text = match args.output.as_str() {
        "markdown" => reference::markdown(),
        "json" => {
            let mut json = serde_json::to_string_pretty(&reference::json())
                .map_err(|e| kubeidl_gen::Error::new(format!("writing JSON: {e}")))?;
            json.push('\n');
            json
        }
        _ => reference::text(),
    };
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}
