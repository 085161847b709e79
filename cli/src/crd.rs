//! `kubeidl crd`: generate CustomResourceDefinitions, print them or write one file per CRD, or
//! check that the files are current.

use super::CrdArgs;
use kubeidl_gen::crd::{generate, Options};
use kubeidl_gen::Error;
use std::process::ExitCode;

pub fn run(args: CrdArgs) -> Result<ExitCode, Error> {
    let release = args
        .controller_gen_compat
        .as_deref()
        .map(kubeidl_gen::controller_gen::release)
        .transpose()
        .map_err(Error::new)?;
    // controller-gen reads markers only from `//` comments.
    let loader = super::loader(&args.modules)?.with_line_comment_markers_only(release.is_some());
    let options = Options {
        lenient: args.lenient,
        max_description_len: args.max_desc_len,
        controller_gen_compat: release.is_some(),
        controller_gen_release: release,
        allow_dangerous_types: args.allow_dangerous_types,
        ignore_unexported_fields: args.ignore_unexported_fields,
        generate_embedded_object_meta: args.generate_embedded_object_meta,
        header: args
            .header_file
            .as_ref()
            .map(|path| std::fs::read_to_string(path).map_err(|e| Error::io(path, e)))
            .transpose()?,
        max_size: args.max_size,
    };
    let generated = generate(&loader, &args.packages, &options)?;
    for warning in &generated.warnings {
        eprintln!("warning: {warning}");
    }
    if let Some(max) = args.max_size {
        for (name, t) in &generated.trimmed {
            eprintln!(
                "{name}: {} bytes within --max-size {max}: {} of {} descriptions cut to their first sentence, {} removed",
                t.size, t.cut, t.descriptions, t.removed
            );
        }
    }
    let Some(dir) = &args.output_dir else {
        let text: String = generated.crds.iter().map(|c| c.text.as_str()).collect();
        super::print(&text)?;
        return Ok(ExitCode::SUCCESS);
    };
    if args.check {
        let mut stale = 0;
        for crd in &generated.crds {
            let path = dir.join(&crd.file_name);
            match std::fs::read_to_string(&path) {
                Ok(existing) if existing == crd.text => {}
                Ok(_) => {
                    eprintln!("{}: out of date", path.display());
                    stale += 1;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    eprintln!(
                        "{}: does not exist; run without --check to write it",
                        path.display()
                    );
                    stale += 1;
                }
                Err(e) => return Err(Error::io(&path, e)),
            }
        }
        return Ok(if stale == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for crd in &generated.crds {
        let path = dir.join(&crd.file_name);
        kubeidl_gen::output::write_if_changed(&path, crd.text.as_bytes())?;
        eprintln!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
